import { createFileRoute } from '@tanstack/react-router';
import { SessionsSection } from '../../../features/account/components/sessions-section.tsx';
import { EndAllApiTokens } from '../../../features/api-tokens/components/end-all-api-tokens.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

export const Route = createFileRoute('/_authenticated/account/sessions')({
  component: SessionsPage,
});

function SessionsPage() {
  useDocumentTitle('Active sessions');
  return (
    <>
      <SessionsSection />
      <EndAllApiTokens />
    </>
  );
}
