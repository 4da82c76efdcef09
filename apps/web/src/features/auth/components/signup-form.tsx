import type { FlowId } from '@voxpad/shared/auth';
import { LIMITS } from '@voxpad/shared/limits';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { TextField } from '../../../components/ui/text-field.tsx';
import { signup } from '../api/signup.ts';
import type { AuthResponse } from '../api/auth-response.ts';
import { useAuthForm, type AuthFormState } from '../hooks/use-auth-form.ts';
import { rememberSignupAddress } from '../utils/login-code-address.ts';
import { AuthForm, AuthSubmit, NewPasswordField } from './auth-form.tsx';

type Field = 'email' | 'username' | 'password';

export interface SignupFormProps {
  onAuthenticated: () => void;
  onPendingFlow: (flow: FlowId) => boolean;
}

const SIGNUPS_CLOSED = 'Sign-ups are closed on this server. Ask the administrator for an account.';
const SIGNUP_FAILED = 'Signing up did not work. Please try again.';

/** How both sign-up forms answer a refusal: sign-ups closed (403), or the server's errors. */
export function showSignupRefusal<F extends string>(form: AuthFormState<F>, response: AuthResponse): void {
  if (response.status === 403) form.showFormErrors([SIGNUPS_CLOSED]);
  else form.showServerErrors(response, SIGNUP_FAILED);
}

/** A failed sign-up call (offline, server error). */
export function showSignupFailure<F extends string>(form: AuthFormState<F>, error: unknown): void {
  form.showRequestError(error, SIGNUP_FAILED);
}

/** What is wrong with a sign-up's email address (trimmed), if anything. */
export function signupEmailError(email: string): string | undefined {
  if (email === '') return 'Enter your email address.';
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) return 'Enter an email address like name@example.com.';
  if (email.length > LIMITS.emailMax) return `An email address can be at most ${LIMITS.emailMax} characters.`;
  return undefined;
}

export function validateSignup(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const emailError = signupEmailError(values.email.trim());
  if (emailError) errors.email = emailError;
  // Optional, as the server has it by default (ACCOUNT_USERNAME_REQUIRED): left empty, the
  // server makes one from the email address. A server that requires one says so.
  if (values.username.trim().length > LIMITS.usernameMax)
    errors.username = `A username can be at most ${LIMITS.usernameMax} characters.`;
  if (values.password.length < LIMITS.passwordMin) {
    errors.password = `Use at least ${LIMITS.passwordMin} characters.`;
  } else if (values.password.length > LIMITS.passwordMax) {
    errors.password = 'That password is too long.';
  }
  return errors;
}

/** The server refused the sign-up because it requires a username (ACCOUNT_USERNAME_REQUIRED=true). */
function asksForUsername(response: AuthResponse): boolean {
  return (response.errors ?? []).some((error) => error.param === 'username' && error.code === 'required');
}

export function SignupForm({ onAuthenticated, onPendingFlow }: SignupFormProps) {
  const form = useAuthForm<Field>({ email: '', username: '', password: '' });
  const [usernameRequired, setUsernameRequired] = useState(false);

  const mutation = useMutation({
    mutationFn: signup,
    onSuccess: async (response, request) => {
      rememberSignupAddress(request.email);
      if (form.continueSignIn(response, onAuthenticated, onPendingFlow)) return;
      if (response.status === 409) {
        await form.continueAlreadySignedIn(onAuthenticated);
        return;
      }
      if (asksForUsername(response)) setUsernameRequired(true);
      showSignupRefusal(form, response);
    },
    onError: (error) => showSignupFailure(form, error),
  });

  function submit() {
    const { values } = form;
    if (!form.validate(validateSignup(values))) return;
    const username = values.username.trim();
    mutation.mutate({
      email: values.email.trim(),
      ...(username ? { username } : {}),
      password: values.password,
    });
  }

  return (
    <AuthForm onSubmit={submit} busy={mutation.isPending} errors={form.formErrors}>
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField
        label="Username"
        optional={!usernameRequired}
        hint={
          usernameRequired
            ? 'This server asks everyone to choose one.'
            : 'Optional: leave it empty to use the start of your email address. You can log in with either.'
        }
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...form.field('username')}
      />
      <NewPasswordField label="Password" {...form.field('password')} />
      <AuthSubmit busyLabel="Signing up…">Sign up</AuthSubmit>
    </AuthForm>
  );
}
