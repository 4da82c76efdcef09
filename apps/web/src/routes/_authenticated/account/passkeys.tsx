import { createFileRoute } from '@tanstack/react-router';
import { PasskeysSection } from '../../../features/account/components/passkeys-section.tsx';
import { authConfigQueryOptions, passkeyReachOf } from '../../../features/auth/api/get-auth-config.ts';
import { useAuthConfig } from '../../../features/auth/hooks/use-auth-config.ts';
import { useSession } from '../../../features/auth/hooks/use-session.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

export const Route = createFileRoute('/_authenticated/account/passkeys')({
  loader: ({ context }) => context.queryClient.ensureQueryData(authConfigQueryOptions()),
  component: PasskeysPage,
});

function PasskeysPage() {
  useDocumentTitle('Passkeys');
  const session = useSession();
  const passkeys = passkeyReachOf(useAuthConfig());
  if (!session.isAuthenticated) return null;
  return <PasskeysSection account={session.user.email ?? session.user.display} reach={passkeys} />;
}
