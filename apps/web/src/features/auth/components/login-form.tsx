import type { FlowId, LoginRequest } from '@voxpad/shared/auth';
import { useState } from 'react';
import { TextField } from '../../../components/ui/text-field.tsx';
import { passkeyErrorMessage } from '../../../lib/webauthn.ts';
import type { AuthResponse } from '../api/auth-response.ts';
import { login } from '../api/login.ts';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import { usePasskeyAutofill } from '../hooks/use-passkey-autofill.ts';
import { AuthForm, AuthSubmit } from './auth-form.tsx';
import { PasskeyLoginButton } from './passkey-login-button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { useLightMutation } from '../../../hooks/use-light-mutation.ts';

type Field = 'login' | 'password';

export interface LoginFormProps {
  loginMethods: ReadonlyArray<'email' | 'username'>;
  /** The server lets passkeys log in on their own (`mfa.passkey_login_enabled`). */
  passkeyLogin?: boolean;
  onAuthenticated: () => void;
  /** A further step is needed (for example email verification); the route decides where to go. */
  onPendingFlow: (flow: FlowId) => boolean;
}

export function buildLoginPayload(
  identifier: string,
  password: string,
  methods: ReadonlyArray<'email' | 'username'>,
): LoginRequest {
  const looksLikeEmail = identifier.includes('@');
  const useEmail = methods.includes('email') && (looksLikeEmail || !methods.includes('username'));
  return useEmail ? { email: identifier, password } : { username: identifier, password };
}

export function LoginForm({
  loginMethods,
  passkeyLogin = false,
  onAuthenticated,
  onPendingFlow,
}: LoginFormProps) {
  const form = useAuthForm<Field>({ login: '', password: '' });
  const [autofillRound, setAutofillRound] = useState(0);

  async function answerPasskey(response: AuthResponse) {
    if (form.continueSignIn(response, onAuthenticated, onPendingFlow)) return;
    if (response.status === 409) {
      await form.continueAlreadySignedIn(onAuthenticated);
      return;
    }
    form.showServerErrors(response, 'That passkey did not log you in. Try again, or use your password.');
    setAutofillRound((round) => round + 1);
  }

  usePasskeyAutofill({
    enabled: passkeyLogin,
    round: autofillRound,
    onResponse: (response) => void answerPasskey(response),
  });

  const mutation = useLightMutation({
    mutationFn: login,
    onSuccess: async (response) => {
      if (form.continueSignIn(response, onAuthenticated, onPendingFlow)) return;
      if (response.status === 409) {
        // Already logged in (another tab): refresh the session and carry on.
        await form.continueAlreadySignedIn(onAuthenticated);
        return;
      }
      form.showServerErrors(response, 'Logging in did not work. Please try again.', {
        username: 'login',
        email: 'login',
      });
    },
    onError: (error) => form.showRequestError(error, 'Logging in did not work. Please try again.'),
  });

  function submit() {
    const { login: identifier, password } = form.values;
    const errors: Partial<Record<Field, string>> = {};
    if (identifier.trim() === '') errors.login = 'Enter your username or email.';
    if (password === '') errors.password = 'Enter your password.';
    if (!form.validate(errors)) return;
    mutation.mutate(buildLoginPayload(identifier.trim(), password, loginMethods));
  }

  return (
    <AuthForm onSubmit={submit} busy={mutation.isPending} errors={form.formErrors}>
      <TextField
        label="Username or email"
        // "webauthn" lets the browser offer passkeys among the suggestions (conditional UI).
        autoComplete={passkeyLogin ? 'username webauthn' : 'username'}
        autoCapitalize="none"
        spellCheck={false}
        {...form.field('login')}
      />
      <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
      <AuthSubmit busyLabel="Logging in…">Log in</AuthSubmit>
      {passkeyLogin ? (
        <PasskeyLoginButton
          onResponse={(response) => void answerPasskey(response)}
          onError={(error) => {
            form.showFormErrors([passkeyErrorMessage(error)]);
            setAutofillRound((round) => round + 1);
          }}
        />
      ) : null}
    </AuthForm>
  );
}
