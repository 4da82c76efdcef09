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
import { providerSignup, type ProviderSignupInfo } from '../api/provider-signup.ts';
import { describeUnsupportedFlow } from './flow-messages.ts';

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
  const [values, setValues] = useState<Record<Field, string>>({
    email: info.email[0]?.email ?? '',
    username: info.user.username ?? '',
  });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);

  const mutation = useMutation({
    mutationFn: providerSignup,
    onSuccess: async (response) => {
      if (isAuthenticatedResponse(response)) {
        storeSessionFrom(queryClient, response);
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
      if (response.status === 409) {
        await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        setFormErrors(['This sign-up has expired. Please log in with the provider again.']);
        return;
      }
      if (response.status === 403) {
        setFormErrors(['Sign-ups are closed on this server. Ask the administrator for an account.']);
        return;
      }
      const mapped = mapServerErrors(errorsOf(response), ['email', 'username'] as const);
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

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors: Partial<Record<Field, string>> = {};
    const email = values.email.trim();
    const username = values.username.trim();
    if (email === '') errors.email = 'Enter your email address.';
    else if (!/^[^\s@]+@[^\s@]+$/.test(email)) errors.email = 'Enter an email address like name@example.com.';
    if (username.length > LIMITS.usernameMax)
      errors.username = `A username can be at most ${LIMITS.usernameMax} characters.`;
    setFieldErrors(errors);
    setFormErrors([]);
    if (Object.keys(errors).length > 0) return;
    mutation.mutate(username ? { email, username } : { email });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-busy={mutation.isPending}>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        You are signing up with your {info.account.provider.name} account{' '}
        <strong>{info.account.display}</strong>. Enter your email address; we will send you a link to confirm
        it.
      </p>
      <FormErrors messages={formErrors} />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(event) => setValues((v) => ({ ...v, email: event.target.value }))}
        error={fieldErrors.email}
      />
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint="Leave it as it is, or choose your own."
        value={values.username}
        onChange={(event) => setValues((v) => ({ ...v, username: event.target.value }))}
        error={fieldErrors.username}
      />
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? 'Signing up…' : 'Sign up'}
      </Button>
    </form>
  );
}
