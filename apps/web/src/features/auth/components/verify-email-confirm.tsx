import type { FlowId } from '@voxpad/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrors } from '../../../components/ui/form-alert.tsx';
import { errorsOf, pendingFlowId } from '../api/auth-response.ts';
import { storeSessionFrom } from '../api/get-session.ts';
import { verifyEmail } from '../api/verify-email.ts';
import { useAuthForm } from '../hooks/use-auth-form.ts';

export interface VerifyEmailConfirmProps {
  verificationKey: string;
  email: string | undefined;
  onAuthenticated: () => void;
  /** Verified, but the server wants the person to log in. */
  onLoginRequired: () => void;
  /**
   * Verified, and the server waits on a further step in this browser (a passkey signup whose
   * link was opened where it started): true when the route took the person there.
   */
  onPendingFlow: (flow: FlowId) => boolean;
  onInvalidKey: () => void;
}

export function VerifyEmailConfirm({
  verificationKey,
  email,
  onAuthenticated,
  onLoginRequired,
  onPendingFlow,
  onInvalidKey,
}: VerifyEmailConfirmProps) {
  const queryClient = useQueryClient();
  const form = useAuthForm({});
  const mutation = useMutation({
    mutationFn: verifyEmail,
    onSuccess: (response) => {
      if (form.completeIfAuthenticated(response, onAuthenticated)) return;
      if (response.status === 401) {
        storeSessionFrom(queryClient, response);
        const flow = pendingFlowId(response);
        if (!(flow && onPendingFlow(flow))) onLoginRequired();
      } else if (response.status === 400) {
        onInvalidKey();
      } else {
        form.showFormErrors(
          errorsOf(response)
            .map((error) => error.message)
            .slice(0, 3)
            .concat(
              errorsOf(response).length === 0
                ? ['Your email address could not be confirmed. Please try again.']
                : [],
            ),
        );
      }
    },
    onError: (error) => form.showRequestError(error),
  });

  return (
    <div className="space-y-4">
      <FormErrors messages={form.formErrors} />
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {email ? (
          <>
            Confirm that <strong>{email}</strong> is your email address.
          </>
        ) : (
          'Confirm your email address.'
        )}
      </p>
      <Button
        className="w-full"
        disabled={mutation.isPending}
        onClick={() => mutation.mutate(verificationKey)}
      >
        {mutation.isPending ? 'Confirming…' : 'Confirm'}
      </Button>
    </div>
  );
}
