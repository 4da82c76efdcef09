import { createFileRoute } from '@tanstack/react-router';
import { adaptationQueryOptions } from '../../features/adaptation/api/get-adaptation.ts';
import { LearntSection } from '../../features/adaptation/components/learnt-section.tsx';
import { padsInfiniteQueryOptions, usePads } from '../../features/pads/api/get-pads.ts';
import { vocabularyQueryOptions } from '../../features/vocabulary/api/get-vocabulary.ts';
import { VocabularySection } from '../../features/vocabulary/components/vocabulary-section.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { PageHeading } from '../-components/page-heading.tsx';

export const Route = createFileRoute('/_authenticated/words')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureInfiniteQueryData(padsInfiniteQueryOptions()),
      queryClient.ensureQueryData(vocabularyQueryOptions()),
      queryClient.prefetchQuery(adaptationQueryOptions()),
    ]),
  component: WordsPage,
});

/** "Your words and voice": the vocabulary and what Voxpad has learnt from your corrected notes (issue 21). */
function WordsPage() {
  useDocumentTitle('Your words and voice');
  const pads = usePads().data.pages.flatMap((page) => page.results);
  return (
    <div className="space-y-6">
      <PageHeading
        title="Your words and voice"
        description="Teach Voxpad the words you use, and see what it has learnt from your corrected notes."
      />
      <VocabularySection pads={pads.map((pad) => ({ id: pad.id, name: pad.name }))} />
      <LearntSection />
    </div>
  );
}
