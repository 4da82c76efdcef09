import type { User } from '@voxpad/shared/auth';

/**
 * Who was signed in when the server was last reached, so the app opens offline on this
 * device (the server still decides on every request once it is back). Forgotten as soon as
 * the server says nobody is signed in. Read back by remembered-user.ts.
 */
export const SIGNED_IN_USER_KEY = 'voxpad.signed-in-user';

export function rememberSignedInUser(user: User): void {
  try {
    localStorage.setItem(SIGNED_IN_USER_KEY, JSON.stringify(user));
  } catch {
    // Storage full or disabled: the app then needs the network to open.
  }
}

export function forgetSignedInUser(): void {
  try {
    localStorage.removeItem(SIGNED_IN_USER_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
