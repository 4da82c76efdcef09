import type { FlowId } from '@voxpad/shared/auth';
import { authenticatorCodeInputSchema, MFA_TRUST_DAYS } from '@voxpad/shared/mfa';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { passkeyErrorMessage } from '../../../lib/webauthn.ts';
import type { AuthResponse } from '../api/auth-response.ts';
import { authenticateWithCode, authenticateWithPasskey, trustBrowser } from '../api/second-factor.ts';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import { asksToTrustBrowser, type SecondFactorType } from '../utils/mfa-flow.ts';
import { AuthForm, AuthSubmit } from './auth-form.tsx';

export interface SecondFactorFormProps {
  /** What the pending `mfa_authenticate` flow accepts. */
  types: readonly SecondFactorType[];
  onAuthenticated: () => void;
  onPendingFlow: (flow: FlowId) => boolean;
}

type CodeType = Exclude<SecondFactorType, 'webauthn'>;

const CODE_FIELDS: Record<CodeType, { label: string; hint: string; missing: string; switchTo: string }> = {
  totp: {
    label: 'Authentication code',
    hint: 'The 6-digit code your authenticator app shows now.',
    missing: 'Enter the code your authenticator app shows.',
    switchTo: 'Use your authenticator app instead',
  },
  recovery_codes: {
    label: 'Recovery code',
    hint: 'One of the codes you saved when you set up two-factor authentication. Each works once.',
    missing: 'Enter one of your recovery codes.',
    switchTo: 'Use a recovery code instead',
  },
};

const TIMED_OUT = 'This login waited too long for its second step. Log in again.';
const CODE_FAILED = 'That code did not work. Check it and try again.';

/**
 * The login's second step (allauth's `mfa_authenticate`): a code from the authenticator app,
 * a recovery code or a passkey, and whether to trust this browser (allauth's `mfa_trust`).
 */
export function SecondFactorForm({ types, onAuthenticated, onPendingFlow }: SecondFactorFormProps) {
  const form = useAuthForm<'code'>({ code: '' });
  const codeTypes = types.filter((type): type is CodeType => type !== 'webauthn');
  const [codeType, setCodeType] = useState<CodeType | undefined>(codeTypes[0]);
  const [trust, setTrust] = useState(false);
  const trustHintId = useId();
  const passkeys = types.includes('webauthn');

  /** allauth asks whether to remember this browser only after the second step succeeded. */
  async function settle(response: AuthResponse): Promise<AuthResponse> {
    return asksToTrustBrowser(response) ? trustBrowser(trust) : response;
  }

  function answer(response: AuthResponse, fallback: string) {
    if (form.continueSignIn(response, onAuthenticated, onPendingFlow)) return;
    if (response.status === 409) form.showFormErrors([TIMED_OUT]);
    else form.showServerErrors(response, fallback);
  }

  const byCode = useMutation({
    mutationFn: async (code: string) => settle(await authenticateWithCode(code)),
    onSuccess: (response) => answer(response, CODE_FAILED),
    onError: (error) => form.showRequestError(error, CODE_FAILED),
  });

  const byPasskey = useMutation({
    mutationFn: async () => settle(await authenticateWithPasskey()),
    onSuccess: (response) => answer(response, 'That passkey is not one of this account’s. Try another.'),
    onError: (error) => form.showFormErrors([passkeyErrorMessage(error)]),
  });

  const busy = byCode.isPending || byPasskey.isPending;
  const field = codeType ? CODE_FIELDS[codeType] : undefined;

  function submit() {
    if (!field) return;
    const code = form.requireValue('code', field.missing);
    if (code === null) return;
    const parsed = authenticatorCodeInputSchema.safeParse({ code: code.replace(/\s+/g, '') });
    if (parsed.success) byCode.mutate(parsed.data.code);
    else form.validate({ code: 'That is longer than any code. Check what you entered.' });
  }

  return (
    <AuthForm onSubmit={submit} busy={busy} errors={form.formErrors}>
      {field && codeType ? (
        <>
          <TextField
            key={codeType}
            label={field.label}
            hint={form.fieldErrors.code ? undefined : field.hint}
            autoComplete="one-time-code"
            inputMode={codeType === 'totp' ? 'numeric' : 'text'}
            autoCapitalize="none"
            spellCheck={false}
            {...form.field('code')}
          />
          {codeTypes.length > 1 ? (
            <Button
              variant="ghost"
              className="-mt-2 px-0 text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
              onClick={() => {
                setCodeType(codeType === 'totp' ? 'recovery_codes' : 'totp');
                form.validate({});
              }}
            >
              {CODE_FIELDS[codeType === 'totp' ? 'recovery_codes' : 'totp'].switchTo}
            </Button>
          ) : null}
        </>
      ) : null}
      <div className="flex items-start gap-2">
        <input
          id={`${trustHintId}-box`}
          type="checkbox"
          checked={trust}
          onChange={(event) => setTrust(event.target.checked)}
          aria-describedby={trustHintId}
          className="mt-0.5 size-4 accent-indigo-600 dark:accent-indigo-400"
        />
        <div>
          <label
            htmlFor={`${trustHintId}-box`}
            className="text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            Trust this browser for {MFA_TRUST_DAYS} days
          </label>
          <p id={trustHintId} className="text-xs text-slate-500 dark:text-slate-400">
            Logging in here then skips this step. Leave it off on a shared computer.
          </p>
        </div>
      </div>
      {field ? <AuthSubmit busyLabel="Checking…">Continue</AuthSubmit> : null}
      {passkeys ? (
        <Button
          variant={field ? 'secondary' : 'primary'}
          className="w-full"
          disabled={busy}
          onClick={() => byPasskey.mutate()}
        >
          {byPasskey.isPending ? 'Waiting for your passkey…' : 'Use a passkey'}
        </Button>
      ) : null}
    </AuthForm>
  );
}
