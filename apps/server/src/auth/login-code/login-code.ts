import { randomBytes, randomInt } from 'node:crypto';
import { safeEqual, sha256 } from '../../lib/tokens.ts';

/** allauth's login-code alphabet: upper-case letters and digits without look-alikes (0OI18B2ZAEU). */
export const LOGIN_CODE_ALPHABET = 'CDFGHJKLMNPQRSTVWXY345679';
export const LOGIN_CODE_LENGTH = 8;

export function generateLoginCode(): string {
  let code = '';
  for (let i = 0; i < LOGIN_CODE_LENGTH; i++)
    code += LOGIN_CODE_ALPHABET[randomInt(LOGIN_CODE_ALPHABET.length)]!;
  return code;
}

/** As allauth compares user codes: punctuation, spaces and case do not matter. */
function normalise(code: string): string {
  return code.replace(/[\s\p{P}\p{S}]/gu, '').toUpperCase();
}

/** "salt$hash": a leaked session row does not reveal the code. */
export function hashLoginCode(code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}$${sha256(`${salt}:${normalise(code)}`)}`;
}

/** Constant-time comparison of a typed code with the stored hash. */
export function loginCodeMatches(typed: string, stored: string): boolean {
  const [salt, hash] = stored.split('$');
  if (!salt || !hash || !normalise(typed)) return false;
  return safeEqual(sha256(`${salt}:${normalise(typed)}`), hash);
}
