import { userSchema, type User } from '@voxpad/shared/auth';
import { SIGNED_IN_USER_KEY } from './offline-session.ts';

/**
 * The person last signed in on this device (offline-session.ts keeps it), checked against the
 * user's shape. Its own module, imported only when the server is out of reach, so the schema
 * (and zod) stay out of what every page loads first (ADR 0055).
 */
export function rememberedUser(): User | null {
  try {
    const stored = localStorage.getItem(SIGNED_IN_USER_KEY);
    if (stored === null) return null;
    const parsed = userSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
