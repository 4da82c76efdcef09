import type { FlowId } from '@voxpad/shared/auth';
import { LIMITS } from '@voxpad/shared/limits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrors } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { mapServerErrors } from '../../../lib/form-errors.ts';
import { errorsOf, isAuthenticatedResponse, pendingFlowId } from '../api/auth-response.ts';
import { sessionQueryKey, storeSessionFrom } from '../api/get-session.ts';
import { signup } from '../api/signup.ts';
import { describeUnsupportedFlow } from './flow-messages.ts';

type Field = 'email' | 'username' | 'password';

export interface SignupFormProps {
  onAuthenticated: () => void;
  onPendingFlow: (flow: FlowId) => boolean;
}

export function validateSignup(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const email = values.email.trim();
  if (email === '') errors.email = 'Enter your email address.';
  else if (!/^[^\s@]+@[^\s@]+$/.test(email)) errors.email = 'Enter an email address like name@example.com.';
  else if (email.length > LIMITS.emailMax)
    errors.email = `An email address can be at most ${LIMITS.emailMax} characters.`;
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
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);

  const mutation = useMutation({
    mutationFn: signup,
    onSuccess: async (response) => {
      if (isAuthenticatedResponse(response)) {
        storeSessionFrom(queryClient, response);
        onAuthenticated();
        return;
      }
      if (response.status === 409) {
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
      if (response.status === 403) {
        setFormErrors(['Sign-ups are closed on this server. Ask the administrator for an account.']);
        return;
      }
      const mapped = mapServerErrors(errorsOf(response), ['email', 'username', 'password'] as const);
      setFieldErrors(mapped.fieldErrors);
      setFormErrors(
        mapped.formErrors.length > 0 || Object.keys(mapped.fieldErrors).length > 0
          ? mapped.formErrors
          : ['Signing up did not work. Please try again.'],
      );
    },
    onError: (error) => {
      setFormErrors([error instanceof Error ? error.message : 'Signing up did not work. Please try again.']);
    },
  });

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = validateSignup(values);
    setFieldErrors(errors);
    setFormErrors([]);
    if (Object.keys(errors).length > 0) return;
    mutation.mutate({
      email: values.email.trim(),
      username: values.username.trim(),
      password: values.password,
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-busy={mutation.isPending}>
      <FormErrors messages={formErrors} />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(event) => update('email', event.target.value)}
        error={fieldErrors.email}
      />
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={values.username}
        onChange={(event) => update('username', event.target.value)}
        error={fieldErrors.username}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${LIMITS.passwordMin} characters.`}
        value={values.password}
        onChange={(event) => update('password', event.target.value)}
        error={fieldErrors.password}
      />
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? 'Signing up…' : 'Sign up'}
      </Button>
    </form>
  );
}
