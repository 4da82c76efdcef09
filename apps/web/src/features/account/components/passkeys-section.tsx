import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert, FormErrors } from '../../../components/ui/form-alert.tsx';
import { PasskeysUnavailable } from '../../../components/ui/passkeys-unavailable.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { mapServerErrors } from '../../../lib/form-errors.ts';
import type { PasskeyReach } from '../../../lib/passkey-reach.ts';
import { passkeyErrorMessage } from '../../../lib/webauthn.ts';
import { AccountInputError, accountErrorsOf, ReauthenticationCancelledError } from '../api/account-call.ts';
import { passkeysOf, recoveryCodesOf, useAuthenticators } from '../api/get-authenticators.ts';
import { useAddPasskey } from '../api/passkeys.ts';
import { useShowNewRecoveryCodes } from '../api/recovery-codes.ts';
import { AccountSection } from './account-section.tsx';
import { NewRecoveryCodes } from './new-recovery-codes.tsx';
import { PasskeyRow } from './passkey-row.tsx';

/** The failure of adding a passkey: the server's refusal, or what the browser said. */
function addFailure(error: unknown): string[] {
  if (error instanceof ReauthenticationCancelledError) return [];
  if (error instanceof AccountInputError) return accountErrorsOf(error).map((item) => item.message);
  return [passkeyErrorMessage(error)];
}

function AddPasskeyForm({ onAdded }: { onAdded: () => void }) {
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [added, setAdded] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAdded(null);
    setFormErrors([]);
    const trimmed = name.trim();
    if (!trimmed) {
      setFieldError('Name the passkey, for example after the device or security key it is on.');
      return;
    }
    setFieldError(undefined);
    add.mutate(trimmed, {
      onSuccess: () => {
        setAdded(trimmed);
        setName('');
        onAdded();
      },
      onError: (error) => {
        const refused = error instanceof AccountInputError;
        const mapped = mapServerErrors(refused ? accountErrorsOf(error) : [], ['name'] as const);
        setFieldError(mapped.fieldErrors.name);
        setFormErrors(refused ? mapped.formErrors : addFailure(error));
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-busy={add.isPending}>
      {added ? (
        <FormAlert tone="success">Passkey “{added}” added. You can log in with it now.</FormAlert>
      ) : null}
      <FormErrors messages={formErrors} />
      <div className="flex flex-wrap items-start gap-2">
        <TextField
          label="Name of the new passkey"
          name="name"
          maxLength={100}
          placeholder="e.g. Work laptop"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={fieldError}
          className="min-w-0 flex-1 basis-56"
        />
        <Button type="submit" disabled={add.isPending} className="sm:mt-6">
          {add.isPending ? 'Waiting for your passkey…' : 'Add a passkey'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Passkeys: log in without a password (or as the second step), listed with names and dates.
 * New ones are made only where the browser can (`reach`); elsewhere the page says where.
 */
export function PasskeysSection({ account, reach }: { account: string; reach: PasskeyReach }) {
  const authenticators = useAuthenticators();
  const showNewCodes = useShowNewRecoveryCodes();
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const supported = browserSupportsWebAuthn();
  const passkeys = authenticators.data ? passkeysOf(authenticators.data) : [];
  const hadRecoveryCodes = authenticators.data ? recoveryCodesOf(authenticators.data) !== undefined : true;

  return (
    <AccountSection
      title="Passkeys"
      description="A passkey logs you in with your fingerprint, face, screen lock or security key instead of a password, and cannot be phished."
    >
      {freshCodes ? (
        <NewRecoveryCodes codes={freshCodes} account={account} onDone={() => setFreshCodes(null)} />
      ) : null}
      {authenticators.isPending ? (
        <Spinner label="Loading passkeys…" />
      ) : authenticators.isError ? (
        <FormAlert>
          {accountErrorsOf(authenticators.error)[0]?.message ?? 'Your passkeys could not be loaded.'}
        </FormAlert>
      ) : passkeys.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">You have no passkeys yet.</p>
      ) : (
        <ul
          aria-label="Your passkeys"
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
        >
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      {reach.kind !== 'here' ? (
        <PasskeysUnavailable reach={reach} action="to add a passkey" />
      ) : supported ? (
        <AddPasskeyForm
          onAdded={() => {
            // allauth makes recovery codes with the first authenticator: show them this once.
            if (!hadRecoveryCodes) {
              showNewCodes.mutate(undefined, {
                onSuccess: (codes) => setFreshCodes(codes?.unused_codes ?? null),
              });
            }
          }}
        />
      ) : (
        <FormAlert tone="info">This browser cannot make passkeys. Try an up-to-date browser.</FormAlert>
      )}
    </AccountSection>
  );
}
