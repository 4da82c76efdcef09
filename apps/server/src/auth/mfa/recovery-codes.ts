import { randomInt } from 'node:crypto';
import { safeEqual } from '../../lib/tokens.ts';
import type { RecoveryCodesData } from './authenticators-repository.ts';

/** allauth's MFA_RECOVERY_CODE_COUNT and MFA_RECOVERY_CODE_DIGITS. */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 8;
/** Lower-case letters and digits without look-alikes (0/o, 1/l/i), so codes copy by hand. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function generateRecoveryCodes(): RecoveryCodesData {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: RECOVERY_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
  return { codes, used: [] };
}

export function unusedRecoveryCodes(data: RecoveryCodesData): string[] {
  return data.codes.filter((_, index) => !data.used.includes(index));
}

/** Codes are typed by hand: case, spaces and dashes do not matter. */
function normalise(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}

/**
 * The data with `code` spent, or null when it is not one of the unused codes. Every code is
 * compared in constant time, so timing does not tell which ones came close.
 */
export function spendRecoveryCode(data: RecoveryCodesData, code: string): RecoveryCodesData | null {
  const typed = normalise(code);
  let match = -1;
  data.codes.forEach((candidate, index) => {
    if (safeEqual(candidate, typed) && !data.used.includes(index)) match = index;
  });
  return match === -1 ? null : { codes: data.codes, used: [...data.used, match] };
}
