import { isProviderErrorCode, type ProviderErrorCode } from '@voxpad/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AuthCard } from '../../../../components/layout/auth-card.tsx';
import { FormAlert } from '../../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { TextLink } from '../../../../components/ui/text-link.tsx';
import { useSession } from '../../../../features/auth/hooks/use-session.ts';
import { providerSignupQueryOptions } from '../../../../features/auth/api/provider-signup.ts';
import { ProviderSignupForm } from '../../../../features/auth/components/provider-signup-form.tsx';
import { useDocumentTitle } from '../../../../hooks/use-document-title.ts';
import { useFlowNavigation } from '../../../-components/use-flow-navigation.ts';
import { definedOnly, textParam } from '../../../../lib/search-params.ts';

/** Spec §5: the error param is kept only if it is a string. */
function parseCallbackSearch(search: Record<string, unknown>): { error?: string } {
  return definedOnly({ error: textParam(search.error) });
}

export const Route = createFileRoute('/_anonymous/auth/social/callback')({
  validateSearch: parseCallbackSearch,
  component: SocialCallbackPage,
});

/** What each code of the server's provider flow (`?error=`, ADR 0012) means at login. */
const LOGIN_ERROR_MESSAGES: Record<ProviderErrorCode, string> = {
  cancelled: 'You cancelled logging in with the provider.',
  provider_error: 'The provider did not allow the login.',
  invalid_request: 'That login link was not complete. Please start again from the login page.',
  state_mismatch: 'That login link has expired or was started in another browser. Please try again.',
  unknown_provider: 'That login provider is not set up on this server.',
  provider_unavailable:
    'The login provider could not be reached. Please try again later, or log in another way.',
  signup_closed: 'Sign-ups are closed on this server. Ask the administrator for an account.',
  account_in_use: 'That provider account is already connected to another Voxpad account.',
  not_authenticated: 'Log in first to connect a provider account.',
  reauthentication_required:
    'Connecting a provider account needs you to confirm it’s you. Open your account’s connections and connect again.',
};

function describeProviderError(error: string): string {
  return isProviderErrorCode(error)
    ? LOGIN_ERROR_MESSAGES[error]
    : 'Logging in with the provider did not work. Please try again, or log in another way.';
}

/**
 * Where the provider sends the person back. A successful login never renders this screen: the
 * anonymous guard sees the new session and goes home. What is left is an error or a pending step:
 * email verification, or the provider signup form when the provider gave no verified address.
 */
function SocialCallbackPage() {
  useDocumentTitle('Logging in');
  const { error } = Route.useSearch();
  const session = useSession();
  const navigate = useNavigate();
  const onPendingFlow = useFlowNavigation();
  const pending = session.isAuthenticated
    ? null
    : (session.flows.find((flow) => flow.is_pending)?.id ?? null);
  const signup = useQuery({
    ...providerSignupQueryOptions(),
    enabled: !error && pending === 'provider_signup',
  });

  useEffect(() => {
    if (error) return;
    if (pending === 'verify_email') void navigate({ to: '/auth/verification-pending', replace: true });
  }, [error, pending, navigate]);

  if (!error && pending === 'provider_signup') {
    return (
      <AuthCard title="Finish signing up" footer={<TextLink to="/auth/login">Back to log in</TextLink>}>
        {signup.data ? (
          <ProviderSignupForm
            info={signup.data}
            onAuthenticated={() => void navigate({ to: '/', replace: true })}
            onPendingFlow={onPendingFlow}
          />
        ) : signup.isPending ? (
          <Spinner />
        ) : (
          <FormAlert>This sign-up has expired. Please log in with the provider again.</FormAlert>
        )}
      </AuthCard>
    );
  }

  const message = error ? describeProviderError(error) : 'The login did not complete. Please try again.';
  return (
    <AuthCard title="Logging in" footer={<TextLink to="/auth/login">Back to log in</TextLink>}>
      <FormAlert>{message}</FormAlert>
    </AuthCard>
  );
}
