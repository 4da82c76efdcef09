import { toEpochSeconds } from '../../lib/time.ts';
import type {
  Authenticator,
  RecoveryCodesAuthenticator,
  TotpAuthenticator,
  WebauthnAuthenticator,
} from './authenticators-repository.ts';
import { unusedRecoveryCodes } from './recovery-codes.ts';

function base(authenticator: Authenticator) {
  return {
    created_at: toEpochSeconds(authenticator.createdAt),
    last_used_at: authenticator.lastUsedAt === null ? null : toEpochSeconds(authenticator.lastUsedAt),
  };
}

/** allauth's TOTPAuthenticator. */
export function presentTotp(authenticator: TotpAuthenticator) {
  return { type: 'totp' as const, ...base(authenticator) };
}

/** allauth's RecoveryCodesAuthenticator: counts only, never the codes. */
export function presentRecoveryCodes(authenticator: RecoveryCodesAuthenticator) {
  return {
    type: 'recovery_codes' as const,
    ...base(authenticator),
    total_code_count: authenticator.data.codes.length,
    unused_code_count: unusedRecoveryCodes(authenticator.data).length,
  };
}

/** allauth's SensitiveRecoveryCodesAuthenticator: with the unused codes, for their owner only. */
export function presentRecoveryCodesWithCodes(authenticator: RecoveryCodesAuthenticator) {
  return { ...presentRecoveryCodes(authenticator), unused_codes: unusedRecoveryCodes(authenticator.data) };
}

/**
 * allauth's WebAuthnAuthenticator. The spec types `id` as allauth's integer primary key; ours
 * are strings, so each passkey carries a random integer for the API (webauthn-credentials.ts).
 */
export function presentWebauthn(authenticator: WebauthnAuthenticator) {
  return {
    type: 'webauthn' as const,
    ...base(authenticator),
    id: authenticator.data.publicId,
    name: authenticator.name ?? 'Passkey',
    is_passwordless: authenticator.data.passwordless,
  };
}

/** allauth's AuthenticatorList, oldest first. */
export function presentAuthenticators(authenticators: Authenticator[]) {
  return authenticators.map((authenticator) => {
    switch (authenticator.type) {
      case 'totp':
        return presentTotp(authenticator);
      case 'recovery_codes':
        return presentRecoveryCodes(authenticator);
      case 'webauthn':
        return presentWebauthn(authenticator);
    }
  });
}
