import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrors } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { mapServerErrors } from '../../../lib/form-errors.ts';
import { errorsOf, pendingFlowId } from '../api/auth-response.ts';
import { storeSessionFrom } from '../api/get-session.ts';
import { requestLoginCode } from '../api/request-login-code.ts';

export interface RequestLoginCodeFormProps {
  /** The code is on its way; go to the code entry screen. */
  onCodeSent: () => void;
}

export function RequestLoginCodeForm({ onCodeSent }: RequestLoginCodeFormProps) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [formErrors, setFormErrors] = useState<string[]>([]);

  const mutation = useMutation({
    mutationFn: requestLoginCode,
    onSuccess: (response) => {
      if (response.status === 401 && pendingFlowId(response) === 'login_by_code') {
        storeSessionFrom(queryClient, response);
        onCodeSent();
        return;
      }
      if (response.status === 409) {
        setFormErrors([
          'A login code was already requested. Enter it on the next screen, or try again shortly.',
        ]);
        return;
      }
      const mapped = mapServerErrors(errorsOf(response), ['email'] as const);
      setEmailError(mapped.fieldErrors.email);
      setFormErrors(
        mapped.formErrors.length > 0 || mapped.fieldErrors.email
          ? mapped.formErrors
          : ['We could not send a login code. Please try again.'],
      );
    },
    onError: (error) => setFormErrors([error instanceof Error ? error.message : 'Please try again.']),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormErrors([]);
    if (email.trim() === '') {
      setEmailError('Enter your email address.');
      return;
    }
    setEmailError(undefined);
    mutation.mutate(email.trim());
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-busy={mutation.isPending}>
      <FormErrors messages={formErrors} />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={emailError}
      />
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? 'Sending…' : 'Email me a code'}
      </Button>
    </form>
  );
}
