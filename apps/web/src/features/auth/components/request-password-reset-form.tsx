import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert, FormErrors } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { mapServerErrors } from '../../../lib/form-errors.ts';
import { errorsOf } from '../api/auth-response.ts';
import { requestPasswordReset } from '../api/request-password-reset.ts';

export interface RequestPasswordResetFormProps {
  /** With reset-by-code the server starts a flow (401): the person then types the code. */
  onEnterCode: (code: string) => void;
}

export function RequestPasswordResetForm({ onEnterCode }: RequestPasswordResetFormProps) {
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [sent, setSent] = useState<'link' | 'code' | null>(null);
  const [code, setCode] = useState('');

  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: (response) => {
      if (response.status === 200) {
        setSent('link');
        return;
      }
      if (response.status === 401) {
        setSent('code');
        return;
      }
      const mapped = mapServerErrors(errorsOf(response), ['email'] as const);
      setEmailError(mapped.fieldErrors.email);
      setFormErrors(
        mapped.formErrors.length > 0 || mapped.fieldErrors.email
          ? mapped.formErrors
          : ['We could not start the password reset. Please try again.'],
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

  if (sent === 'link') {
    return (
      <FormAlert tone="success">
        If an account uses {email.trim()}, an email with a link to choose a new password is on its way. The
        link works once.
      </FormAlert>
    );
  }

  if (sent === 'code') {
    return (
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim() !== '') onEnterCode(code.trim());
        }}
      >
        <FormAlert tone="success">
          If an account uses {email.trim()}, we emailed it a reset code. Enter it below.
        </FormAlert>
        <TextField
          label="Reset code"
          name="code"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" className="w-full">
          Continue
        </Button>
      </form>
    );
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
        {mutation.isPending ? 'Sending…' : 'Send reset link'}
      </Button>
    </form>
  );
}
