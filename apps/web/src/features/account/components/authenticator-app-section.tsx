import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmPanel } from '../../../components/ui/confirm-panel.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { accountErrorsOf } from '../api/account-call.ts';
import { useDeactivateTotp } from '../api/deactivate-totp.ts';
import type { TotpAuthenticator } from '../api/get-authenticators.ts';
import { AccountSection, Badge } from './account-section.tsx';
import { TotpActivation } from './totp-activation.tsx';

function day(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString();
}

/** The authenticator app (TOTP): set it up with a QR code and a first code, or turn it off. */
export function AuthenticatorAppSection({
  totp,
  onActivated,
}: {
  totp: TotpAuthenticator | undefined;
  onActivated: () => void;
}) {
  const [settingUp, setSettingUp] = useState(false);
  const [confirmingOff, setConfirmingOff] = useState(false);
  const deactivate = useDeactivateTotp();
  const failure = deactivate.error ? accountErrorsOf(deactivate.error).map((error) => error.message) : [];

  return (
    <AccountSection
      title="Authenticator app"
      description="After your password, logging in asks for a 6-digit code from an app on your phone."
    >
      {totp ? (
        <>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <Badge tone="green">On</Badge>
            Set up on {day(totp.created_at)}
            {totp.last_used_at ? <> · last used {day(totp.last_used_at)}</> : null}
          </p>
          {failure.length > 0 ? <FormAlert>{failure.join(' ')}</FormAlert> : null}
          {confirmingOff ? (
            <ConfirmPanel
              message="Turn off the authenticator app? Logging in will no longer ask for its code."
              confirmLabel="Turn off"
              cancelLabel="Keep it on"
              busy={deactivate.isPending}
              busyLabel="Turning off…"
              onCancel={() => setConfirmingOff(false)}
              onConfirm={() => deactivate.mutate(undefined, { onSettled: () => setConfirmingOff(false) })}
            />
          ) : (
            <Button variant="secondary" onClick={() => setConfirmingOff(true)}>
              Turn off authenticator app
            </Button>
          )}
        </>
      ) : settingUp ? (
        <TotpActivation
          onActivated={() => {
            setSettingUp(false);
            onActivated();
          }}
          onCancel={() => setSettingUp(false)}
        />
      ) : (
        <>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <Badge tone="amber">Off</Badge>
            Add a second step to logging in, so a stolen password alone is not enough.
          </p>
          <Button onClick={() => setSettingUp(true)}>Set up authenticator app</Button>
        </>
      )}
    </AccountSection>
  );
}
