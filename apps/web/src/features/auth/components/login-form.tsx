import type { FlowId, LoginRequest } from '@voxpad/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { TextField } from '../../../components/ui/text-field.tsx';
import { login } from '../api/login.ts';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import { AuthForm, AuthSubmit } from './auth-form.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';

type Field = 'login' | 'password';

export interface LoginFormProps {
  loginMethods: ReadonlyArray<'email' | 'username'>;
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

export function LoginForm({ loginMethods, onAuthenticated, onPendingFlow }: LoginFormProps) {
  const form = useAuthForm<Field>({ login: '', password: '' });

  const mutation = useMutation({
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
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...form.field('login')}
      />
      <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
      <AuthSubmit busyLabel="Logging in…">Log in</AuthSubmit>
    </AuthForm>
  );
}
