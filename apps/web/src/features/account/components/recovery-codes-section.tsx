import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmPanel } from '../../../components/ui/confirm-panel.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { accountErrorsOf } from '../api/account-call.ts';
import type { RecoveryCodesAuthenticator } from '../api/get-authenticators.ts';
import { useRegenerateRecoveryCodes } from '../api/recovery-codes.ts';
import { AccountSection, Badge } from './account-section.tsx';
import { NewRecoveryCodes } from './new-recovery-codes.tsx';

/**
 * Recovery codes: how many are left, and a new set (shown once) when they run low or were
 * exposed. Codes come with the first authenticator app or passkey.
 */
export function RecoveryCodesSection({
  recovery,
  mfaEnabled,
  freshCodes,
  onFreshCodes,
  account,
}: {
  recovery: RecoveryCodesAuthenticator | undefined;
  mfaEnabled: boolean;
  freshCodes: string[] | null;
  onFreshCodes: (codes: string[] | null) => void;
  account: string;
}) {
  const regenerate = useRegenerateRecoveryCodes();
  const [confirming, setConfirming] = useState(false);
  const failure = regenerate.error ? accountErrorsOf(regenerate.error).map((error) => error.message) : [];
  const low = recovery !== undefined && recovery.unused_code_count <= 3;

  return (
    <AccountSection
      title="Recovery codes"
      description="One-time codes that log you in when your authenticator app or passkey is not at hand."
    >
      {freshCodes ? (
        <NewRecoveryCodes codes={freshCodes} account={account} onDone={() => onFreshCodes(null)} />
      ) : null}
      {recovery ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <Badge tone={low ? 'amber' : 'green'}>
            {recovery.unused_code_count} of {recovery.total_code_count} unused
          </Badge>
          {low ? 'Make new codes before you run out.' : 'Each code works once.'}
        </p>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {mfaEnabled
            ? 'You have no recovery codes yet.'
            : 'Recovery codes are made when you set up an authenticator app or a passkey.'}
        </p>
      )}
      {failure.length > 0 ? <FormAlert>{failure.join(' ')}</FormAlert> : null}
      {mfaEnabled ? (
        confirming ? (
          <ConfirmPanel
            message={
              recovery
                ? 'Make new recovery codes? The codes you have now stop working.'
                : 'Make recovery codes for your account?'
            }
            confirmLabel="Make new codes"
            cancelLabel="Cancel"
            busy={regenerate.isPending}
            busyLabel="Making codes…"
            onCancel={() => setConfirming(false)}
            onConfirm={() =>
              regenerate.mutate(undefined, {
                onSuccess: (codes) => onFreshCodes(codes.unused_codes),
                onSettled: () => setConfirming(false),
              })
            }
          />
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {recovery ? 'Make new recovery codes' : 'Make recovery codes'}
          </Button>
        )
      ) : null}
    </AccountSection>
  );
}
