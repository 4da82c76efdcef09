import { useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { accountErrorsOf } from '../api/account-call.ts';
import { passkeysOf, recoveryCodesOf, totpOf, useAuthenticators } from '../api/get-authenticators.ts';
import { useShowNewRecoveryCodes } from '../api/recovery-codes.ts';
import { AuthenticatorAppSection } from './authenticator-app-section.tsx';
import { RecoveryCodesSection } from './recovery-codes-section.tsx';

/**
 * Two-factor authentication: the authenticator app and the recovery codes. The codes the
 * server makes along with the first authenticator are shown here once, right after.
 */
export function TwoFactorSection({ account }: { account: string }) {
  const authenticators = useAuthenticators();
  const showNewCodes = useShowNewRecoveryCodes();
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);

  if (authenticators.isPending) return <Spinner label="Loading two-factor settings…" />;
  if (authenticators.isError) {
    return (
      <FormAlert>
        {accountErrorsOf(authenticators.error)[0]?.message ?? 'Your two-factor settings could not be loaded.'}
      </FormAlert>
    );
  }
  const list = authenticators.data;
  const totp = totpOf(list);
  const recovery = recoveryCodesOf(list);
  const mfaEnabled = totp !== undefined || passkeysOf(list).length > 0;
  const codesFailure = showNewCodes.error ? accountErrorsOf(showNewCodes.error).map((e) => e.message) : [];

  return (
    <>
      <AuthenticatorAppSection
        totp={totp}
        onActivated={() => {
          // allauth makes recovery codes with the first authenticator: show them this once.
          if (!recovery)
            showNewCodes.mutate(undefined, {
              onSuccess: (codes) => setFreshCodes(codes?.unused_codes ?? null),
            });
        }}
      />
      {codesFailure.length > 0 ? <FormAlert>{codesFailure.join(' ')}</FormAlert> : null}
      <RecoveryCodesSection
        recovery={recovery}
        mfaEnabled={mfaEnabled}
        freshCodes={freshCodes}
        onFreshCodes={setFreshCodes}
        account={account}
      />
    </>
  );
}
