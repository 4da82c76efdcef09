import type { FlowId } from '@voxpad/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrors } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { mapServerErrors } from '../../../lib/form-errors.ts';
import { errorsOf, isAuthenticatedResponse, pendingFlowId } from '../api/auth-response.ts';
import { confirmLoginCode } from '../api/confirm-login-code.ts';
import { storeSessionFrom } from '../api/get-session.ts';
import { describeUnsupportedFlow } from './flow-messages.ts';

export interface ConfirmLoginCodeFormProps {
  onAuthenticated: () => void;
  onPendingFlow: (flow: FlowId) => boolean;
}

export function ConfirmLoginCodeForm({ onAuthenticated, onPendingFlow }: ConfirmLoginCodeFormProps) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [formErrors, setFormErrors] = useState<string[]>([]);

  const mutation = useMutation({
    mutationFn: confirmLoginCode,
    onSuccess: (response) => {
      if (isAuthenticatedResponse(response)) {
        storeSessionFrom(queryClient, response);
        onAuthenticated();
        return;
      }
      if (response.status === 409) {
        setFormErrors(['This code is no longer waiting to be used. Request a new code.']);
        return;
      }
      if (response.status === 401) {
        storeSessionFrom(queryClient, response);
        const flow = pendingFlowId(response);
        if (flow && onPendingFlow(flow)) return;
        setFormErrors([describeUnsupportedFlow(flow)]);
        return;
      }
      const mapped = mapServerErrors(errorsOf(response), ['code'] as const);
      setCodeError(mapped.fieldErrors.code);
      setFormErrors(
        mapped.formErrors.length > 0 || mapped.fieldErrors.code
          ? mapped.formErrors
          : ['That code did not work. Check it and try again.'],
      );
    },
    onError: (error) => setFormErrors([error instanceof Error ? error.message : 'Please try again.']),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormErrors([]);
    if (code.trim() === '') {
      setCodeError('Enter the code from the email.');
      return;
    }
    setCodeError(undefined);
    mutation.mutate(code.trim());
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-busy={mutation.isPending}>
      <FormErrors messages={formErrors} />
      <TextField
        label="Login code"
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={codeError}
      />
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? 'Checking…' : 'Continue'}
      </Button>
    </form>
  );
}
