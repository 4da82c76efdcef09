import type { FlowId } from '@voxpad/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { TextField } from '../../../components/ui/text-field.tsx';
import { confirmLoginCode } from '../api/confirm-login-code.ts';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import { AuthForm, AuthSubmit } from './auth-form.tsx';

export interface ConfirmLoginCodeFormProps {
  onAuthenticated: () => void;
  onPendingFlow: (flow: FlowId) => boolean;
}

export function ConfirmLoginCodeForm({ onAuthenticated, onPendingFlow }: ConfirmLoginCodeFormProps) {
  const form = useAuthForm({ code: '' });

  const mutation = useMutation({
    mutationFn: confirmLoginCode,
    onSuccess: (response) => {
      if (form.continueSignIn(response, onAuthenticated, onPendingFlow)) return;
      if (response.status === 409) {
        form.showFormErrors(['This code is no longer waiting to be used. Request a new code.']);
        return;
      }
      form.showServerErrors(response, 'That code did not work. Check it and try again.');
    },
    onError: (error) => form.showRequestError(error),
  });

  function submit() {
    const code = form.requireValue('code', 'Enter the code from the email.');
    if (code !== null) mutation.mutate(code);
  }

  return (
    <AuthForm onSubmit={submit} busy={mutation.isPending} errors={form.formErrors}>
      <TextField
        label="Login code"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        {...form.field('code')}
      />
      <AuthSubmit busyLabel="Checking…">Continue</AuthSubmit>
    </AuthForm>
  );
}
