import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { EMAIL_LINK_LIFETIME_DAYS } from '@voxpad/shared/auth';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { requestPasswordReset } from '../api/request-password-reset.ts';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import { AuthForm, AuthSubmit } from './auth-form.tsx';

export interface RequestPasswordResetFormProps {
  /** With reset-by-code the server starts a flow (401): the person then types the code. */
  onEnterCode: (code: string) => void;
}

export function RequestPasswordResetForm({ onEnterCode }: RequestPasswordResetFormProps) {
  const form = useAuthForm({ email: '' });
  const [sent, setSent] = useState<'link' | 'code' | null>(null);
  const [code, setCode] = useState('');
  const email = form.values.email.trim();

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
      form.showServerErrors(response, 'We could not start the password reset. Please try again.');
    },
    onError: (error) => form.showRequestError(error),
  });

  function submit() {
    const required = form.requireValue('email', 'Enter your email address.');
    if (required !== null) mutation.mutate(required);
  }

  if (sent === 'link') {
    return (
      <FormAlert tone="success">
        If an account uses {email}, an email with a link to choose a new password is on its way. The link
        works once, for {EMAIL_LINK_LIFETIME_DAYS} days.
      </FormAlert>
    );
  }

  if (sent === 'code') {
    return (
      <AuthForm
        onSubmit={() => {
          if (code.trim() !== '') onEnterCode(code.trim());
        }}
        intro={
          <FormAlert tone="success">
            If an account uses {email}, we emailed it a reset code. Enter it below.
          </FormAlert>
        }
      >
        <TextField
          label="Reset code"
          name="code"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <AuthSubmit>Continue</AuthSubmit>
      </AuthForm>
    );
  }

  return (
    <AuthForm onSubmit={submit} busy={mutation.isPending} errors={form.formErrors}>
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <AuthSubmit busyLabel="Sending…">Send reset link</AuthSubmit>
    </AuthForm>
  );
}
