import type { FlowId } from '@voxpad/shared/auth';
import { LIMITS } from '@voxpad/shared/limits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TextField } from '../../../components/ui/text-field.tsx';
import { sessionQueryKey } from '../api/get-session.ts';
import { providerSignup, type ProviderSignupInfo } from '../api/provider-signup.ts';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import { AuthForm, AuthSubmit } from './auth-form.tsx';
import { showSignupFailure, showSignupRefusal } from './signup-form.tsx';

type Field = 'email' | 'username';

export interface ProviderSignupFormProps {
  info: ProviderSignupInfo;
  onAuthenticated: () => void;
  onPendingFlow: (flow: FlowId) => boolean;
}

/**
 * The last step of a provider login that brought no verified email address: the person gives
 * one (confirmed by mail afterwards) and may pick a username.
 */
export function ProviderSignupForm({ info, onAuthenticated, onPendingFlow }: ProviderSignupFormProps) {
  const queryClient = useQueryClient();
  const form = useAuthForm<Field>({
    email: info.email[0]?.email ?? '',
    username: info.user.username ?? '',
  });

  const mutation = useMutation({
    mutationFn: providerSignup,
    onSuccess: async (response) => {
      if (form.continueSignIn(response, onAuthenticated, onPendingFlow)) return;
      if (response.status === 409) {
        await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        form.showFormErrors(['This sign-up has expired. Please log in with the provider again.']);
        return;
      }
      showSignupRefusal(form, response);
    },
    onError: (error) => showSignupFailure(form, error),
  });

  function submit() {
    const errors: Partial<Record<Field, string>> = {};
    const email = form.values.email.trim();
    const username = form.values.username.trim();
    if (email === '') errors.email = 'Enter your email address.';
    else if (!/^[^\s@]+@[^\s@]+$/.test(email)) errors.email = 'Enter an email address like name@example.com.';
    if (username.length > LIMITS.usernameMax)
      errors.username = `A username can be at most ${LIMITS.usernameMax} characters.`;
    if (!form.validate(errors)) return;
    mutation.mutate(username ? { email, username } : { email });
  }

  return (
    <AuthForm
      onSubmit={submit}
      busy={mutation.isPending}
      errors={form.formErrors}
      intro={
        <p className="text-sm text-slate-600 dark:text-slate-300">
          You are signing up with your {info.account.provider.name} account{' '}
          <strong>{info.account.display}</strong>. Enter your email address; we will send you a link to
          confirm it.
        </p>
      }
    >
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint="Leave it as it is, or choose your own."
        {...form.field('username')}
      />
      <AuthSubmit busyLabel="Signing up…">Sign up</AuthSubmit>
    </AuthForm>
  );
}
