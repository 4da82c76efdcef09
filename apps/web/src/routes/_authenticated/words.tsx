import { createFileRoute } from '@tanstack/react-router';
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
    ]),
  component: WordsPage,
});

/** "Your words and voice": the vocabulary now; what Voxpad has learnt from your voice later (issue 21). */
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
      {/* For the lead: the adaptation state (issue 21, item 6) goes in this section. */}
      <section
        aria-labelledby="learnt-heading"
        className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="learnt-heading" className="font-semibold text-slate-900 dark:text-slate-50">
          What Voxpad has learnt
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Nothing to show yet.</p>
      </section>
    </div>
  );
}
