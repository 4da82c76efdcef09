import { createFileRoute } from '@tanstack/react-router';
import { ShareLinks } from '../../../features/shares/components/share-links.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

export const Route = createFileRoute('/_authenticated/account/shared-links')({
  component: SharedLinksPage,
});

/** Every link the person made, to notes, parts of notes and pads, with their views and Revoke. */
function SharedLinksPage() {
  useDocumentTitle('Shared links');
  return (
    <section aria-labelledby="shared-links-heading" className="space-y-3">
      <h2 id="shared-links-heading" className="text-lg font-semibold">
        Shared links
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Anyone with one of these links can open what it shares without an account. Revoke a link to turn it
        off at once. Make links from a note’s or a pad’s Share button.
      </p>
      <ShareLinks showTitles emptyText="You have not shared anything yet." />
    </section>
  );
}
