import type { FlowId } from '@voxpad/shared/auth';
import { LIMITS } from '@voxpad/shared/limits';
import { useMutation } from '@tanstack/react-query';
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
  const username = values.username.trim();
  if (username.length < LIMITS.usernameMin) errors.username = 'Choose a username.';
  else if (username.length > LIMITS.usernameMax)
    errors.username = `A username can be at most ${LIMITS.usernameMax} characters.`;
  if (values.password.length < LIMITS.passwordMin) {
    errors.password = `Use at least ${LIMITS.passwordMin} characters.`;
  } else if (values.password.length > LIMITS.passwordMax) {
    errors.password = 'That password is too long.';
  }
  return errors;
}

export function SignupForm({ onAuthenticated, onPendingFlow }: SignupFormProps) {
  const form = useAuthForm<Field>({ email: '', username: '', password: '' });

  const mutation = useMutation({
    mutationFn: signup,
    onSuccess: async (response, request) => {
      rememberSignupAddress(request.email);
      if (form.continueSignIn(response, onAuthenticated, onPendingFlow)) return;
      if (response.status === 409) {
        await form.continueAlreadySignedIn(onAuthenticated);
        return;
      }
      showSignupRefusal(form, response);
    },
    onError: (error) => showSignupFailure(form, error),
  });

  function submit() {
    const { values } = form;
    if (!form.validate(validateSignup(values))) return;
    mutation.mutate({
      email: values.email.trim(),
      username: values.username.trim(),
      password: values.password,
    });
  }

  return (
    <AuthForm onSubmit={submit} busy={mutation.isPending} errors={form.formErrors}>
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField
        label="Username"
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
