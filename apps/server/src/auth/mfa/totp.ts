import { Secret, TOTP } from 'otpauth';

/** allauth's MFA_TOTP_PERIOD, MFA_TOTP_DIGITS and tolerance: 30 s steps, 6 digits, one step either side. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW = 1;
/** The issuer authenticator apps show beside the account (allauth's MFA_TOTP_ISSUER). */
export const TOTP_ISSUER = 'Voxpad';

/** A new random secret (160 bits, as RFC 4226 recommends), in base32 as apps take it. */
export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The otpauth:// URI a QR code carries, naming the account (e.g. its email address). */
export function totpUrl(secret: string, accountName: string): string {
  return totpFor(secret, accountName).toString();
}

/** The code for `timestamp` (tests and the e2e suite act as the authenticator app). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return totpFor(secret).generate({ timestamp });
}

/**
 * The time step a code belongs to when it is right for now (one step of clock drift either
 * way) and newer than the last step accepted; otherwise null. Accepting only steps after
 * `lastUsedStep` means a code, once used, never works again (nor does an older one).
 */
export function acceptTotpCode(
  secret: string,
  code: string,
  lastUsedStep: number | null,
  timestamp = Date.now(),
): number | null {
  const token = code.replace(/\s+/g, '');
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(token)) return null;
  const delta = totpFor(secret).validate({ token, timestamp, window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp }) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}
