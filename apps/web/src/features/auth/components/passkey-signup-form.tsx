import type { FlowId } from '@voxpad/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { passkeyErrorMessage } from '../../../lib/webauthn.ts';
import type { AuthResponse } from '../api/auth-response.ts';
import { createSignupPasskey, startPasskeySignup } from '../api/passkey-signup.ts';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import { rememberSignupAddress } from '../utils/login-code-address.ts';
import { pendingStep } from '../utils/mfa-flow.ts';
import { AuthForm, AuthSubmit } from './auth-form.tsx';
import { showSignupFailure, showSignupRefusal, signupEmailError } from './signup-form.tsx';

export interface PasskeySignupFormProps {
  /** The session already waits for the passkey (`mfa_signup_webauthn`): go straight to making it. */
  resume?: boolean;
  onAuthenticated: () => void;
  onPendingFlow: (flow: FlowId) => boolean;
}

/** The name the new passkey gets; the account page can rename it. */
const FIRST_PASSKEY_NAME = 'Passkey';

type Step = 'email' | 'verify' | 'create';

/**
 * Sign-up without a password (allauth's passkey signup): the email address first (confirmed
 * from its mail when the server requires that), then the browser makes a passkey for the new
 * account. The passkey has a press of its own, because browsers want their prompt to follow one.
 */
export function PasskeySignupForm({
  resume = false,
  onAuthenticated,
  onPendingFlow,
}: PasskeySignupFormProps) {
  const form = useAuthForm<'email'>({ email: '' });
  const [step, setStep] = useState<Step>(resume ? 'create' : 'email');
  const [passkeyError, setPasskeyError] = useState<string | null>(null);

  const start = useMutation({
    mutationFn: startPasskeySignup,
    onSuccess: async (response, request) => {
      rememberSignupAddress(request.email);
      // The account waits for its passkey, maybe after its address is confirmed; any other
      // answer (signed in, a refusal) is what the ordinary sign-up answers too.
      const pending = response.status === 401 ? pendingStep(response) : null;
      if (pending === 'verify_email' || pending === 'mfa_signup_webauthn') {
        setStep(pending === 'verify_email' ? 'verify' : 'create');
        return;
      }
      if (form.continueSignIn(response, onAuthenticated, onPendingFlow)) return;
      if (response.status === 409) {
        await form.continueAlreadySignedIn(onAuthenticated);
        return;
      }
      showSignupRefusal(form, response);
    },
    onError: (error) => showSignupFailure(form, error),
  });

  const create = useMutation({
    mutationFn: () => createSignupPasskey(FIRST_PASSKEY_NAME),
    onSuccess: (response: AuthResponse) => {
      setPasskeyError(null);
      if (form.continueSignIn(response, onAuthenticated, onPendingFlow)) return;
      if (response.status === 409 && step === 'verify') {
        setPasskeyError(
          `Your address is not confirmed yet. Open the link we mailed to ${form.values.email.trim()}, then try again.`,
        );
        return;
      }
      if (response.status === 409) {
        setStep('email');
        form.showServerErrors(response, 'Start again.');
        return;
      }
      setPasskeyError(response.errors?.[0]?.message ?? 'The passkey was not accepted. Try again.');
    },
    onError: (error) => setPasskeyError(passkeyErrorMessage(error)),
  });

  function submit() {
    const email = form.values.email.trim();
    const error = signupEmailError(email);
    if (!form.validate(error ? { email: error } : {})) return;
    start.mutate({ email });
  }

  if (step !== 'email') {
    const email = form.values.email.trim();
    return (
      <div className="space-y-4">
        {step === 'verify' ? (
          <FormAlert tone="info">
            We sent a confirmation link to {email}. Open it (on any device), then come back here to make your
            passkey.
          </FormAlert>
        ) : null}
        {passkeyError ? <FormAlert>{passkeyError}</FormAlert> : null}
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {email ? `Make the passkey for ${email}.` : 'Make the passkey for your new account.'} Your browser
          asks you to confirm with your fingerprint, face, screen lock or security key.
        </p>
        <Button className="w-full" disabled={create.isPending} onClick={() => create.mutate()} autoFocus>
          {create.isPending ? 'Waiting for your passkey…' : 'Create passkey'}
        </Button>
      </div>
    );
  }

  return (
    <AuthForm onSubmit={submit} busy={start.isPending} errors={form.formErrors}>
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <AuthSubmit busyLabel="Signing up…">Continue</AuthSubmit>
    </AuthForm>
  );
}
