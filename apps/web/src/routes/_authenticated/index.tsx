import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { Stats } from '@voxpad/shared/stats';
import { toast } from '../../lib/toast.ts';
import { padsInfiniteQueryOptions, usePads } from '../../features/pads/api/get-pads.ts';
import { CreatePadForm } from '../../features/pads/components/create-pad-form.tsx';
import { PadList } from '../../features/pads/components/pad-list.tsx';
import { PadRowActions } from '../../features/pads/components/pad-row-actions.tsx';
import { statsQueryKey, statsQueryOptions, useStats } from '../../features/stats/api/get-stats.ts';
import { TextLink } from '../../components/ui/text-link.tsx';
import {
  recentVoiceNotesQueryKey,
  recentVoiceNotesQueryOptions,
  useRecentVoiceNotes,
} from '../../features/voice-notes/api/get-recent-voice-notes.ts';
import { RecentVoiceNoteList } from '../../features/voice-notes/components/recent-voice-note-list.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { formatDuration } from '../../lib/format-duration.ts';
import { toastHttpError } from '../../lib/toast-http-error.ts';
import { FirstRunSteps } from '../-components/first-run-steps.tsx';
import { PageHeading } from '../-components/page-heading.tsx';
import { RecordLauncher } from '../-components/record-launcher.tsx';

export const Route = createFileRoute('/_authenticated/')({
  // Spec §2: the first page of pads and the stats are loaded before the screen shows (with the
  // recent notes, which home leads with).
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureInfiniteQueryData(padsInfiniteQueryOptions()),
      queryClient.ensureQueryData(statsQueryOptions()),
      queryClient.ensureQueryData(recentVoiceNotesQueryOptions()),
    ]),
  component: HomePage,
});

/** One line of the numbers, and the user's own notes still being transcribed, if any. */
function atAGlance(stats: Stats): string {
  const notes = `${stats.voice_note_count.toLocaleString()} ${stats.voice_note_count === 1 ? 'note' : 'notes'}`;
  const pads = `${stats.pad_count.toLocaleString()} ${stats.pad_count === 1 ? 'pad' : 'pads'}`;
  const busy = stats.queue.depth;
  const transcribing = busy > 0 ? ` · ${busy} being transcribed` : '';
  return `${notes} in ${pads} · ${formatDuration(stats.total_duration_seconds)} recorded${transcribing}`;
}

function HomePage() {
  useDocumentTitle(null);
  const queryClient = useQueryClient();
  const stats = useStats();
  const pads = usePads();
  const recent = useRecentVoiceNotes();
  const allPads = pads.data.pages.flatMap((page) => page.results);
  const firstRun = allPads.length === 0 && recent.results.length === 0;

  return (
    <div className="space-y-8">
      <PageHeading
        title="Home"
        description={
          firstRun ? (
            'Record your voice notes; Voxpad transcribes them so you can find anything you said.'
          ) : (
            <p className="text-sm">
              {atAGlance(stats)} ·{' '}
              <TextLink to="/stats" className="inline-flex items-center max-sm:min-h-11">
                See your stats
              </TextLink>
            </p>
          )
        }
        actions={<RecordLauncher label="Record a voice note" className="min-h-11 px-5 text-base" />}
      />
      {firstRun ? <FirstRunSteps /> : null}
      {recent.results.length > 0 ? (
        <section aria-labelledby="recent-heading" className="space-y-3">
          <h2 id="recent-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
            Recent notes
          </h2>
          <RecentVoiceNoteList notes={recent.results} />
        </section>
      ) : null}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="pads-heading" className="min-w-0 space-y-3">
          <h2 id="pads-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
            Pads
          </h2>
          <PadList
            pads={allPads}
            hasMore={pads.hasNextPage}
            isLoadingMore={pads.isFetchingNextPage}
            onLoadMore={() => {
              pads.fetchNextPage().catch(toastHttpError);
            }}
            renderActions={(pad) => (
              <PadRowActions
                pad={pad}
                onDeleted={() => {
                  void queryClient.invalidateQueries({ queryKey: statsQueryKey });
                  void queryClient.invalidateQueries({ queryKey: recentVoiceNotesQueryKey });
                }}
              />
            )}
          />
        </section>
        <section
          aria-labelledby="new-pad-heading"
          className="h-fit min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="new-pad-heading" className="mb-3 text-lg font-semibold text-slate-900 dark:text-slate-50">
            Create a pad
          </h2>
          <CreatePadForm
            onCreated={(pad) => {
              toast.success(`Pad “${pad.name}” created.`);
              void queryClient.invalidateQueries({ queryKey: statsQueryKey });
            }}
          />
        </section>
      </div>
    </div>
  );
}
