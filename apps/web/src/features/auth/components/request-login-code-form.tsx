import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TextField } from '../../../components/ui/text-field.tsx';
import { pendingFlowId } from '../api/auth-response.ts';
import { storeSessionFrom } from '../api/get-session.ts';
import { requestLoginCode } from '../api/request-login-code.ts';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import { rememberLoginCodeAddress } from '../utils/login-code-address.ts';
import { AuthForm, AuthSubmit } from './auth-form.tsx';

export interface RequestLoginCodeFormProps {
  /** The code is on its way; go to the code entry screen. */
  onCodeSent: () => void;
}

export function RequestLoginCodeForm({ onCodeSent }: RequestLoginCodeFormProps) {
  const queryClient = useQueryClient();
  const form = useAuthForm({ email: '' });

  const mutation = useMutation({
    mutationFn: requestLoginCode,
    onSuccess: (response, email) => {
      if (response.status === 401 && pendingFlowId(response) === 'login_by_code') {
        storeSessionFrom(queryClient, response);
        rememberLoginCodeAddress(email);
        onCodeSent();
        return;
      }
      if (response.status === 409) {
        form.showFormErrors([
          'A login code was already requested. Enter it on the next screen, or try again shortly.',
        ]);
        return;
      }
      form.showServerErrors(response, 'We could not send a login code. Please try again.');
    },
    onError: (error) => form.showRequestError(error),
  });

  function submit() {
    const email = form.requireValue('email', 'Enter your email address.');
    if (email !== null) mutation.mutate(email);
  }

  return (
    <AuthForm onSubmit={submit} busy={mutation.isPending} errors={form.formErrors}>
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <AuthSubmit busyLabel="Sending…">Email me a code</AuthSubmit>
    </AuthForm>
  );
}
