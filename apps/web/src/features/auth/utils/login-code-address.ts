import { LOGIN_CODE_LIFETIME_SECONDS } from '@voxpad/shared/auth';

// Per tab and gone with it: the addresses are only needed to say where a mail went.
const KEY = 'voxpad.login-code-address';
const SIGNUP_KEY = 'voxpad.signup-address';

export function rememberLoginCodeAddress(email: string): void {
  try {
    sessionStorage.setItem(KEY, email);
  } catch {
    // Storage can be off (private modes); the screen then just does not name the address.
  }
}

export function loginCodeAddress(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** "3 minutes", from the server's own lifetime for login codes. */
export function loginCodeLifetime(seconds: number = LOGIN_CODE_LIFETIME_SECONDS): string {
  if (seconds % 60 !== 0) return `${seconds} seconds`;
  const minutes = seconds / 60;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** What the code-entry screen says about the code: where it went and how long it works. */
export function loginCodeSentText(email: string | null, lifetime = loginCodeLifetime()): string {
  const where = email ? `We emailed a login code to ${email}.` : 'We emailed you a login code.';
  return `${where} It works for ${lifetime}; enter it here.`;
}

/** The address a new account's confirmation link went to, for the "confirm your email" screen. */
export function rememberSignupAddress(email: string): void {
  try {
    sessionStorage.setItem(SIGNUP_KEY, email);
  } catch {
    // As above: without storage the screen does not name the address.
  }
}

export function signupAddress(): string | null {
  try {
    return sessionStorage.getItem(SIGNUP_KEY);
  } catch {
    return null;
  }
}
