import { userSchema, type User } from '@voxpad/shared/auth';

/**
 * Who was signed in when the server was last reached, so the app opens offline on this
 * device (the server still decides on every request once it is back). Forgotten as soon as
 * the server says nobody is signed in.
 */
const KEY = 'voxpad.signed-in-user';

export function rememberSignedInUser(user: User): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(user));
  } catch {
    // Storage full or disabled: the app then needs the network to open.
  }
}

export function rememberedUser(): User | null {
  try {
    const stored = localStorage.getItem(KEY);
    if (stored === null) return null;
    const parsed = userSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function forgetSignedInUser(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
