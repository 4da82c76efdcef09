import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { toast } from 'sonner';
import { padsInfiniteQueryOptions, usePads } from '../../features/pads/api/get-pads.ts';
import { CreatePadForm } from '../../features/pads/components/create-pad-form.tsx';
import { PadList } from '../../features/pads/components/pad-list.tsx';
import { PadRowActions } from '../../features/pads/components/pad-row-actions.tsx';
import { statsQueryKey, statsQueryOptions, useStats } from '../../features/stats/api/get-stats.ts';
import { StatsSummary } from '../../features/stats/components/stats-summary.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { toastHttpError } from '../../lib/toast-http-error.ts';
import { PageHeading } from '../-components/page-heading.tsx';

export const Route = createFileRoute('/_authenticated/')({
  // Spec §2: the first page of pads and the stats are loaded before the screen shows.
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureInfiniteQueryData(padsInfiniteQueryOptions()),
      queryClient.ensureQueryData(statsQueryOptions()),
    ]),
  component: HomePage,
});

function HomePage() {
  useDocumentTitle(null);
  const queryClient = useQueryClient();
  const stats = useStats();
  const pads = usePads();
  const allPads = pads.data.pages.flatMap((page) => page.results);

  return (
    <div className="space-y-8">
      <PageHeading title="Your pads" description="Each pad keeps a set of voice notes together." />
      <StatsSummary stats={stats} />
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="pads-heading" className="space-y-3">
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
                onDeleted={() => void queryClient.invalidateQueries({ queryKey: statsQueryKey })}
              />
            )}
          />
        </section>
        <section
          aria-labelledby="new-pad-heading"
          className="h-fit rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
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
