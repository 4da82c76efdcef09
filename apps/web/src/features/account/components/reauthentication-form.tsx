import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrors } from '../../../components/ui/form-alert.tsx';
import { PasskeysUnavailable } from '../../../components/ui/passkeys-unavailable.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { mapServerErrors } from '../../../lib/form-errors.ts';
import type { PasskeyReach } from '../../../lib/passkey-reach.ts';
import { passkeyErrorMessage } from '../../../lib/webauthn.ts';
import { accountErrorsOf } from '../api/account-call.ts';
import { useReauthenticate } from '../api/reauthenticate.ts';
import { useReauthenticateWithCode } from '../api/reauthenticate-with-code.ts';
import { useReauthenticateWithPasskey } from '../api/reauthenticate-with-passkey.ts';
import type { ReauthenticationMethod } from '../utils/reauthentication-methods.ts';

/** The element the prompt focuses when it opens or the method changes. */
export const REAUTHENTICATION_FOCUS = 'data-reauthentication-focus';
const focusMark = { [REAUTHENTICATION_FOCUS]: true };

/** Focuses what to type in (or press) first inside `container`. */
export function focusFirstStep(container: HTMLElement | null): void {
  container?.querySelector<HTMLElement>(`[${REAUTHENTICATION_FOCUS}]`)?.focus();
}

const METHOD_LABELS: Record<ReauthenticationMethod, string> = {
  password: 'Password',
  totp: 'Authenticator app',
  recovery_codes: 'Recovery code',
  webauthn: 'Passkey',
};

function MethodChoice({
  methods,
  method,
  onChange,
}: {
  methods: ReauthenticationMethod[];
  method: ReauthenticationMethod;
  onChange: (method: ReauthenticationMethod) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">Confirm with</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {methods.map((option) => (
          <label key={option} className="inline-flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
            <input
              type="radio"
              name={name}
              value={option}
              checked={method === option}
              onChange={() => onChange(option)}
              className="size-4 accent-indigo-600 dark:accent-indigo-400"
            />
            {METHOD_LABELS[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The body of the "Confirm it’s you" prompt: the password, a code from the authenticator app,
 * a recovery code or a passkey, whichever the server accepts (allauth's reauthentication flows).
 */
export function ReauthenticationForm({
  methods,
  passkeys = { kind: 'here' },
  onConfirmed,
  onCancel,
}: {
  methods: ReauthenticationMethod[];
  /** Whether this page can use a passkey; where it cannot, the form says where it works. */
  passkeys?: PasskeyReach;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const [method, setMethod] = useState<ReauthenticationMethod>(methods[0] ?? 'password');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const byPassword = useReauthenticate();
  const byCode = useReauthenticateWithCode();
  const byPasskey = useReauthenticateWithPasskey();
  const busy = byPassword.isPending || byCode.isPending || byPasskey.isPending;
  const form = useRef<HTMLFormElement>(null);

  function choose(next: ReauthenticationMethod) {
    setMethod(next);
    setValue('');
    setFieldError(undefined);
    setFormErrors([]);
    // The newly shown field is what to type in next.
    requestAnimationFrame(() => focusFirstStep(form.current));
  }

  function showError(error: unknown, field: 'password' | 'code') {
    const mapped = mapServerErrors(accountErrorsOf(error), [field] as const);
    setFieldError(mapped.fieldErrors[field]);
    setFormErrors(mapped.formErrors);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormErrors([]);
    if (method === 'webauthn') {
      byPasskey.mutate(undefined, {
        onSuccess: onConfirmed,
        onError: (error) => setFormErrors([passkeyErrorMessage(error)]),
      });
      return;
    }
    const entered = method === 'password' ? value : value.trim();
    if (!entered) {
      setFieldError(
        method === 'password'
          ? 'Enter your password.'
          : method === 'totp'
            ? 'Enter the code your authenticator app shows.'
            : 'Enter one of your recovery codes.',
      );
      return;
    }
    if (method === 'password') {
      byPassword.mutate(entered, {
        onSuccess: onConfirmed,
        onError: (error) => showError(error, 'password'),
      });
    } else {
      byCode.mutate(entered, { onSuccess: onConfirmed, onError: (error) => showError(error, 'code') });
    }
  }

  const onlyPassword = methods.length === 1 && method === 'password';
  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-4" aria-busy={busy}>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {onlyPassword
          ? 'This change needs your password again, because you logged in a while ago. Your change is made as soon as you confirm.'
          : 'This change needs you to confirm it’s you, because you logged in a while ago. Your change is made as soon as you confirm.'}
      </p>
      <FormErrors messages={formErrors} />
      {methods.length > 1 ? <MethodChoice methods={methods} method={method} onChange={choose} /> : null}
      {method === 'password' ? (
        <PasswordField
          label="Your password"
          name="password"
          autoComplete="current-password"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={fieldError}
          {...focusMark}
        />
      ) : method === 'webauthn' && passkeys.kind !== 'here' ? (
        <PasskeysUnavailable reach={passkeys} action="to confirm it’s you with a passkey" />
      ) : method === 'webauthn' ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Your browser asks for one of the passkeys on your account.
        </p>
      ) : (
        <TextField
          key={method}
          label={method === 'totp' ? 'Authentication code' : 'Recovery code'}
          name="code"
          autoComplete="one-time-code"
          inputMode={method === 'totp' ? 'numeric' : 'text'}
          autoCapitalize="none"
          spellCheck={false}
          hint={
            method === 'totp'
              ? 'The 6-digit code your authenticator app shows now.'
              : 'One of the codes you saved when you set up two-factor authentication. Each works once.'
          }
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={fieldError}
          {...focusMark}
        />
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        {method === 'webauthn' && passkeys.kind !== 'here' ? null : method === 'webauthn' ? (
          <Button type="submit" disabled={busy} {...focusMark}>
            {busy ? 'Waiting for your passkey…' : 'Use a passkey'}
          </Button>
        ) : (
          <Button type="submit" disabled={busy}>
            {busy ? 'Confirming…' : 'Confirm'}
          </Button>
        )}
      </div>
    </form>
  );
}
