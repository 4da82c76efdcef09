import { createFileRoute } from '@tanstack/react-router';
import { WebhooksPanel } from '../../../features/webhooks/components/webhooks-panel.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

export const Route = createFileRoute('/_authenticated/account/webhooks')({
  component: WebhooksPage,
});

function WebhooksPage() {
  useDocumentTitle('Webhooks');
  return <WebhooksPanel />;
}
