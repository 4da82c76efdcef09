import type { User } from '@voxpad/shared/auth';
import { LIMITS } from '@voxpad/shared/limits';
import { useMutation } from '@tanstack/react-query';
import { errorsOf } from '../api/auth-response.ts';
import { resetPassword } from '../api/reset-password.ts';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import { AuthForm, AuthSubmit, NewPasswordField } from './auth-form.tsx';

export interface ResetPasswordFormProps {
  resetKey: string;
  user: User | undefined;
  onAuthenticated: () => void;
  /** The password changed but the server wants a fresh login. */
  onLoginRequired: () => void;
  onInvalidKey: () => void;
}

export function ResetPasswordForm({
  resetKey,
  user,
  onAuthenticated,
  onLoginRequired,
  onInvalidKey,
}: ResetPasswordFormProps) {
  const form = useAuthForm({ password: '' });

  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: (response) => {
      if (form.completeIfAuthenticated(response, onAuthenticated)) return;
      if (response.status === 401) {
        onLoginRequired();
        return;
      }
      if (errorsOf(response).some((error) => error.param === 'key')) {
        onInvalidKey();
        return;
      }
      form.showServerErrors(response, 'Your password could not be changed. Please try again.');
    },
    onError: (error) => form.showRequestError(error),
  });

  function submit() {
    const { password } = form.values;
    const tooShort = `Use at least ${LIMITS.passwordMin} characters.`;
    if (!form.validate(password.length < LIMITS.passwordMin ? { password: tooShort } : {})) return;
    mutation.mutate({ key: resetKey, password });
  }

  return (
    <AuthForm
      onSubmit={submit}
      busy={mutation.isPending}
      errors={form.formErrors}
      intro={
        <>
          {user ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Choosing a new password for{' '}
              <strong className="text-slate-900 dark:text-slate-100">{user.display}</strong>
              {user.email ? ` (${user.email})` : ''}.
            </p>
          ) : null}
          {/* Helps password managers store the new password under the right account. */}
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={user?.username ?? user?.email ?? ''}
            readOnly
            hidden
          />
        </>
      }
    >
      <NewPasswordField label="New password" {...form.field('password')} />
      <AuthSubmit busyLabel="Saving…">Set new password</AuthSubmit>
    </AuthForm>
  );
}
