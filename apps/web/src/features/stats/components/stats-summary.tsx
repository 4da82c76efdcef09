import type { Stats } from '@voxpad/shared/stats';
import { formatDuration } from '../../../lib/format-duration.ts';
import { NotesPerDayChart } from './notes-per-day-chart.tsx';
import { StorageUsage } from './storage-usage.tsx';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums dark:text-slate-50">{value}</dd>
    </div>
  );
}

function queueMessage(stats: Stats): string | null {
  const { pending, processing, failed } = stats.queue;
  const parts: string[] = [];
  const inProgress = pending + processing;
  if (inProgress > 0) {
    parts.push(
      `${inProgress} ${inProgress === 1 ? 'note is' : 'notes are'} waiting for or being transcribed.`,
    );
  }
  if (failed > 0) parts.push(`${failed} ${failed === 1 ? 'note' : 'notes'} could not be transcribed.`);
  return parts.length > 0 ? parts.join(' ') : null;
}

export function StatsSummary({ stats }: { stats: Stats }) {
  const message = queueMessage(stats);
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
      <div className="mt-3 grid gap-3 md:grid-cols-[2fr_1fr]">
        <div className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
          <NotesPerDayChart days={stats.notes_per_day} />
        </div>
        <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm dark:border-slate-800 dark:bg-slate-900">
          {/* Only this account's notes: other people's jobs are neither useful nor ours to show. */}
          <h3 className="font-medium text-slate-900 dark:text-slate-50">Your transcriptions</h3>
          <dl className="grid grid-cols-2 gap-y-1 text-slate-600 dark:text-slate-300">
            <dt>Waiting</dt>
            <dd className="text-right tabular-nums">{stats.queue.pending}</dd>
            <dt>Transcribing</dt>
            <dd className="text-right tabular-nums">{stats.queue.processing}</dd>
            <dt>Failed</dt>
            <dd className="text-right tabular-nums">{stats.queue.failed}</dd>
            <dt>Average length</dt>
            <dd className="text-right">{formatDuration(stats.average_duration_seconds)}</dd>
          </dl>
          <p aria-live="polite" className="min-h-5 text-slate-600 dark:text-slate-300">
            {message ?? 'None of your notes is waiting.'}
          </p>
        </div>
      </div>
      <div className="mt-3">
        <StorageUsage storage={stats.storage} />
      </div>
    </section>
  );
}
