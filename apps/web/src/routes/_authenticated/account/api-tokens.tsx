import { createFileRoute } from '@tanstack/react-router';
import { useConfirmIdentity } from '../../../features/account/hooks/use-confirm-identity.ts';
import { ApiTokensPanel } from '../../../features/api-tokens/components/api-tokens-panel.tsx';
import { useSession } from '../../../features/auth/hooks/use-session.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { env } from '../../../lib/env.ts';

export const Route = createFileRoute('/_authenticated/account/api-tokens')({
  component: ApiTokensPage,
});

function ApiTokensPage() {
  useDocumentTitle('API tokens');
  const session = useSession();
  // Making a token needs a recent login; the account area's prompt asks for it (ADR 0027).
  const confirmIdentity = useConfirmIdentity(session.isAuthenticated && session.user.has_usable_password);
  return (
    <ApiTokensPanel origin={env.VITE_API_URL || window.location.origin} confirmIdentity={confirmIdentity} />
  );
}
