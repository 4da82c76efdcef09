import { createFileRoute } from '@tanstack/react-router';
import { ApiTokensPanel } from '../../../features/api-tokens/components/api-tokens-panel.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { env } from '../../../lib/env.ts';

export const Route = createFileRoute('/_authenticated/account/api-tokens')({
  component: ApiTokensPage,
});

function ApiTokensPage() {
  useDocumentTitle('API tokens');
  return <ApiTokensPanel origin={env.VITE_API_URL || window.location.origin} />;
}
