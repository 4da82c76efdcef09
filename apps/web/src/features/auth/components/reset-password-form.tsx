import type { User } from '@voxpad/shared/auth';
import { LIMITS } from '@voxpad/shared/limits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrors } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { mapServerErrors } from '../../../lib/form-errors.ts';
import { errorsOf, isAuthenticatedResponse } from '../api/auth-response.ts';
import { storeSessionFrom } from '../api/get-session.ts';
import { resetPassword } from '../api/reset-password.ts';

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
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [formErrors, setFormErrors] = useState<string[]>([]);

  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: (response) => {
      if (isAuthenticatedResponse(response)) {
        storeSessionFrom(queryClient, response);
        onAuthenticated();
        return;
      }
      if (response.status === 401) {
        onLoginRequired();
        return;
      }
      const mapped = mapServerErrors(errorsOf(response), ['password'] as const);
      if (errorsOf(response).some((error) => error.param === 'key')) {
        onInvalidKey();
        return;
      }
      setPasswordError(mapped.fieldErrors.password);
      setFormErrors(
        mapped.formErrors.length > 0 || mapped.fieldErrors.password
          ? mapped.formErrors
          : ['Your password could not be changed. Please try again.'],
      );
    },
    onError: (error) => setFormErrors([error instanceof Error ? error.message : 'Please try again.']),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormErrors([]);
    if (password.length < LIMITS.passwordMin) {
      setPasswordError(`Use at least ${LIMITS.passwordMin} characters.`);
      return;
    }
    setPasswordError(undefined);
    mutation.mutate({ key: resetKey, password });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-busy={mutation.isPending}>
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
      <FormErrors messages={formErrors} />
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${LIMITS.passwordMin} characters.`}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={passwordError}
      />
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? 'Saving…' : 'Set new password'}
      </Button>
    </form>
  );
}
