import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuthCard } from '../../../components/layout/auth-card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PasskeysUnavailable } from '../../../components/ui/passkeys-unavailable.tsx';
import { TextLink, textLinkPhoneTarget } from '../../../components/ui/text-link.tsx';
import {
  authConfigQueryOptions,
  passkeyLoginEnabled,
  passkeyReachOf,
} from '../../../features/auth/api/get-auth-config.ts';
import { SignupForm } from '../../../features/auth/components/signup-form.tsx';
import { SocialLoginButtons } from '../../../features/auth/components/social-login-buttons.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useFlowNavigation } from '../../-components/use-flow-navigation.ts';

export const Route = createFileRoute('/_anonymous/auth/signup')({
  loader: ({ context }) => context.queryClient.ensureQueryData(authConfigQueryOptions()),
  component: SignupPage,
});

function SignupPage() {
  useDocumentTitle('Sign up');
  const navigate = useNavigate();
  const onPendingFlow = useFlowNavigation();
  const { data: config } = useSuspenseQuery(authConfigQueryOptions());
  const passkeys = passkeyReachOf(config);

  return (
    <AuthCard
      title="Create your account"
      description="Record voice notes in your browser and get them transcribed."
      footer={
        <>
          Already have an account? <TextLink to="/auth/login">Log in</TextLink>
        </>
      }
    >
      {config.account.is_open_for_signup ? (
        <div className="space-y-5">
          <SignupForm
            onAuthenticated={() => void navigate({ to: '/', replace: true })}
            onPendingFlow={onPendingFlow}
          />
          {passkeyLoginEnabled(config) && passkeys.kind === 'here' ? (
            <TextLink to="/auth/passkey-signup" className={textLinkPhoneTarget}>
              Sign up with a passkey instead
            </TextLink>
          ) : passkeyLoginEnabled(config) && passkeys.kind === 'elsewhere' ? (
            <PasskeysUnavailable reach={passkeys} action="to sign up with a passkey" />
          ) : null}
          <SocialLoginButtons
            providers={config.socialaccount?.providers ?? []}
            callbackUrl={`${window.location.origin}/auth/social/callback`}
          />
          <p className="text-xs text-slate-500 dark:text-slate-400">
            By signing up you accept the{' '}
            <TextLink to="/terms" className={textLinkPhoneTarget}>
              terms
            </TextLink>{' '}
            and the{' '}
            <TextLink to="/privacy" className={textLinkPhoneTarget}>
              privacy notice
            </TextLink>
            .
          </p>
        </div>
      ) : (
        <FormAlert tone="info">
          Sign-ups are closed on this server. Ask the administrator for an account.
        </FormAlert>
      )}
    </AuthCard>
  );
}
