import { createFileRoute } from '@tanstack/react-router';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { NotFound } from './-components/not-found.tsx';
import { PublicShell } from './-components/public-shell.tsx';

export const Route = createFileRoute('/not-found')({
  component: NotFoundPage,
});

function NotFoundPage() {
  useDocumentTitle('Not Found');
  return (
    <PublicShell>
      <NotFound />
    </PublicShell>
  );
}
