import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuthCard } from '../../../components/layout/auth-card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PasskeysUnavailable } from '../../../components/ui/passkeys-unavailable.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { authConfigQueryOptions, passkeyReachOf } from '../../../features/auth/api/get-auth-config.ts';
import { useAuthConfig } from '../../../features/auth/hooks/use-auth-config.ts';
import { useSession } from '../../../features/auth/hooks/use-session.ts';
import { SecondFactorForm } from '../../../features/auth/components/second-factor-form.tsx';
import { secondFactorTypes } from '../../../features/auth/utils/mfa-flow.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { safeRedirectPath } from '../../../lib/safe-redirect.ts';
import { useFlowNavigation } from '../../-components/use-flow-navigation.ts';
import { parseLoginSearch } from '../../_login/auth/login.tsx';

export const Route = createFileRoute('/_anonymous/auth/two-factor')({
  validateSearch: parseLoginSearch,
  loader: ({ context }) => context.queryClient.ensureQueryData(authConfigQueryOptions()),
  component: TwoFactorPage,
});

/** The login's second step, while the server's `mfa_authenticate` flow is pending. */
function TwoFactorPage() {
  useDocumentTitle('Two-factor authentication');
  const search = Route.useSearch();
  const navigate = useNavigate();
  const onPendingFlow = useFlowNavigation();
  const session = useSession();
  const types = session.isAuthenticated ? null : secondFactorTypes(session.flows);
  // A passkey answers only where the browser can use it; elsewhere the page says where.
  const passkeys = passkeyReachOf(useAuthConfig());
  const passkeyElsewhere = passkeys.kind !== 'here' && (types ?? []).includes('webauthn') ? passkeys : null;
  const usable = passkeyElsewhere ? (types ?? []).filter((type) => type !== 'webauthn') : types;

  return (
    <AuthCard
      title="Two-factor authentication"
      description="Your account is protected with a second step. Confirm it’s you to finish logging in."
      footer={<TextLink to="/auth/login">Log in as someone else</TextLink>}
    >
      {passkeyElsewhere ? (
        <PasskeysUnavailable reach={passkeyElsewhere} action="to use your passkey" />
      ) : null}
      {usable && usable.length > 0 ? (
        <SecondFactorForm
          types={usable}
          onAuthenticated={() =>
            void navigate({ href: safeRedirectPath(search.redirect, search.next), replace: true })
          }
          onPendingFlow={(flow) => flow !== 'mfa_authenticate' && onPendingFlow(flow)}
        />
      ) : passkeyElsewhere ? null : (
        <FormAlert tone="info">
          No login is waiting for a second step here (it may have timed out).{' '}
          <TextLink to="/auth/login">Log in again</TextLink>.
        </FormAlert>
      )}
    </AuthCard>
  );
}
