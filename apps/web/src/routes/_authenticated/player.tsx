import { createFileRoute } from '@tanstack/react-router';
import { padsInfiniteQueryOptions, usePads } from '../../features/pads/api/get-pads.ts';
import { PadList } from '../../features/pads/components/pad-list.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { toastHttpError } from '../../lib/toast-http-error.ts';
import { PageHeading } from '../-components/page-heading.tsx';

export const Route = createFileRoute('/_authenticated/player')({
  loader: ({ context: { queryClient } }) => queryClient.ensureInfiniteQueryData(padsInfiniteQueryOptions()),
  component: PlayerPage,
});

function PlayerPage() {
  useDocumentTitle('Player');
  const pads = usePads();
  return (
    <div className="space-y-6">
      <PageHeading
        title="Player"
        description="Pick a pad to listen to its voice notes and follow along in the transcript."
      />
      <PadList
        pads={pads.data.pages.flatMap((page) => page.results)}
        hasMore={pads.hasNextPage}
        isLoadingMore={pads.isFetchingNextPage}
        onLoadMore={() => {
          pads.fetchNextPage().catch(toastHttpError);
        }}
        emptyText="Nothing to play yet. Create a pad on the home screen and record a voice note."
      />
    </div>
  );
}
