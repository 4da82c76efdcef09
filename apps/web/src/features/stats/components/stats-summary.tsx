import type { Stats } from '@voxpad/shared/stats';
import { formatDuration } from '../../../lib/format-duration.ts';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums dark:text-slate-50">{value}</dd>
    </div>
  );
}

export function StatsSummary({ stats }: { stats: Stats }) {
  const inProgress = (stats.status_counts.pending ?? 0) + (stats.status_counts.processing ?? 0);
  const failed = stats.status_counts.failed ?? 0;
  return (
    <section aria-labelledby="stats-heading">
      <h2 id="stats-heading" className="sr-only">
        Your numbers
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Pads" value={stats.pad_count.toLocaleString()} />
        <Stat label="Voice notes" value={stats.voice_note_count.toLocaleString()} />
        <Stat label="Recorded" value={formatDuration(stats.total_duration_seconds)} />
        <Stat label="Words transcribed" value={stats.transcribed_word_count.toLocaleString()} />
      </dl>
      {inProgress > 0 || failed > 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {inProgress > 0 ? `${inProgress} ${inProgress === 1 ? 'note is' : 'notes are'} being transcribed. ` : ''}
          {failed > 0 ? `${failed} ${failed === 1 ? 'note' : 'notes'} could not be transcribed.` : ''}
        </p>
      ) : null}
    </section>
  );
}
