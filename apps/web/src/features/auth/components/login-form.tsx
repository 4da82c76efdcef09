import type { FlowId, LoginRequest } from '@voxpad/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrors } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { mapServerErrors } from '../../../lib/form-errors.ts';
import { errorsOf, isAuthenticatedResponse, pendingFlowId } from '../api/auth-response.ts';
import { sessionQueryKey, storeSessionFrom } from '../api/get-session.ts';
import { login } from '../api/login.ts';
import { describeUnsupportedFlow } from './flow-messages.ts';

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
  const queryClient = useQueryClient();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: async (response) => {
      if (isAuthenticatedResponse(response)) {
        storeSessionFrom(queryClient, response);
        onAuthenticated();
        return;
      }
      if (response.status === 409) {
        // Already logged in (another tab): refresh the session and carry on.
        await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        onAuthenticated();
        return;
      }
      if (response.status === 401) {
        storeSessionFrom(queryClient, response);
        const flow = pendingFlowId(response);
        if (flow && onPendingFlow(flow)) return;
        setFormErrors([describeUnsupportedFlow(flow)]);
        return;
      }
      const mapped = mapServerErrors(errorsOf(response), ['login', 'password'] as const, {
        username: 'login',
        email: 'login',
      });
      setFieldErrors(mapped.fieldErrors);
      setFormErrors(
        mapped.formErrors.length > 0 || Object.keys(mapped.fieldErrors).length > 0
          ? mapped.formErrors
          : ['Logging in did not work. Please try again.'],
      );
    },
    onError: (error) => {
      setFormErrors([error instanceof Error ? error.message : 'Logging in did not work. Please try again.']);
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors: Partial<Record<Field, string>> = {};
    if (identifier.trim() === '') errors.login = 'Enter your username or email.';
    if (password === '') errors.password = 'Enter your password.';
    setFieldErrors(errors);
    setFormErrors([]);
    if (Object.keys(errors).length > 0) return;
    mutation.mutate(buildLoginPayload(identifier.trim(), password, loginMethods));
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-busy={mutation.isPending}>
      <FormErrors messages={formErrors} />
      <TextField
        label="Username or email"
        name="login"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={identifier}
        onChange={(event) => setIdentifier(event.target.value)}
        error={fieldErrors.login}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrors.password}
      />
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? 'Logging in…' : 'Log in'}
      </Button>
    </form>
  );
}
