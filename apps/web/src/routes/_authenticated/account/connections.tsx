import { createFileRoute } from '@tanstack/react-router';
import { ConnectedAccountsSection } from '../../../features/account/components/connected-accounts-section.tsx';
import { useConfirmIdentity } from '../../../features/account/hooks/use-confirm-identity.ts';
import { authConfigQueryOptions } from '../../../features/auth/api/get-auth-config.ts';
import { useAuthConfig } from '../../../features/auth/hooks/use-auth-config.ts';
import { redirectToProvider } from '../../../features/auth/api/provider-redirect.ts';
import { useSession } from '../../../features/auth/hooks/use-session.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { definedOnly, textParam } from '../../../lib/search-params.ts';

/** The provider flow comes back here; `error` is kept only if it is a string (as spec §5 does for logins). */
function parseConnectionsSearch(search: Record<string, unknown>): { error?: string } {
  return definedOnly({ error: textParam(search.error) });
}

export const Route = createFileRoute('/_authenticated/account/connections')({
  validateSearch: parseConnectionsSearch,
  loader: ({ context }) => context.queryClient.ensureQueryData(authConfigQueryOptions()),
  component: ConnectionsPage,
});

function ConnectionsPage() {
  useDocumentTitle('Connected accounts');
  const { error } = Route.useSearch();
  const config = useAuthConfig();
  const session = useSession();
  // Connecting needs a recent login; the provider flow comes back asking for it (ADR 0027).
  const confirmIdentity = useConfirmIdentity(session.isAuthenticated && session.user.has_usable_password);
  return (
    <ConnectedAccountsSection
      providers={config.socialaccount?.providers ?? []}
      connectError={error}
      confirmIdentity={confirmIdentity}
      onConnect={(provider) =>
        redirectToProvider({
          provider,
          process: 'connect',
          callbackUrl: `${window.location.origin}/account/connections`,
        })
      }
    />
  );
}
