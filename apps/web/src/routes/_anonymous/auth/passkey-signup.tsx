import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuthCard } from '../../../components/layout/auth-card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PasskeysUnavailable } from '../../../components/ui/passkeys-unavailable.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import {
  authConfigQueryOptions,
  passkeyLoginEnabled,
  passkeyReachOf,
} from '../../../features/auth/api/get-auth-config.ts';
import { useSession } from '../../../features/auth/hooks/use-session.ts';
import { PasskeySignupForm } from '../../../features/auth/components/passkey-signup-form.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useFlowNavigation } from '../../-components/use-flow-navigation.ts';

export const Route = createFileRoute('/_anonymous/auth/passkey-signup')({
  loader: ({ context }) => context.queryClient.ensureQueryData(authConfigQueryOptions()),
  component: PasskeySignupPage,
});

function PasskeySignupPage() {
  useDocumentTitle('Sign up with a passkey');
  const navigate = useNavigate();
  const onPendingFlow = useFlowNavigation();
  const { data: config } = useSuspenseQuery(authConfigQueryOptions());
  const session = useSession();
  const offered = config.account.is_open_for_signup && passkeyLoginEnabled(config);
  const passkeys = passkeyReachOf(config);
  // Back from confirming the address: the account waits for its passkey.
  const resume =
    !session.isAuthenticated &&
    session.flows.some((flow) => flow.id === 'mfa_signup_webauthn' && flow.is_pending === true);

  return (
    <AuthCard
      title="Sign up with a passkey"
      description="No password to remember: your device’s fingerprint, face or screen lock logs you in."
      footer={
        <>
          Rather use a password? <TextLink to="/auth/signup">Sign up with a password</TextLink>
        </>
      }
    >
      {offered && passkeys.kind !== 'here' ? (
        <PasskeysUnavailable reach={passkeys} action="to sign up with a passkey" />
      ) : offered ? (
        <PasskeySignupForm
          resume={resume}
          onAuthenticated={() => void navigate({ to: '/', replace: true })}
          onPendingFlow={onPendingFlow}
        />
      ) : (
        <FormAlert tone="info">
          {config.account.is_open_for_signup
            ? 'This server does not offer passkey sign-up. Sign up with a password instead.'
            : 'Sign-ups are closed on this server. Ask the administrator for an account.'}
        </FormAlert>
      )}
    </AuthCard>
  );
}
