import { AuthInputError, requiredError, type FieldError } from '../auth-errors.ts';
import type { AuthContext, Authenticated } from '../auth-context.ts';
import type { Session, SessionStore } from '../sessions/session-store.ts';
import { replacePasswordHash } from '../accounts/users-repository.ts';

const incorrectPassword: FieldError = {
  param: 'password',
  code: 'incorrect_password',
  message: 'Incorrect password.',
};

/**
 * allauth's reauthenticate_by_password: the logged-in user types their password again, which
 * records a reauthentication on the session and restarts the reauthentication timeout.
 */
export async function reauthenticateWithPassword(
  ctx: AuthContext,
  store: SessionStore,
  { user, session }: Authenticated,
  password: string | undefined,
): Promise<Session> {
  if (!password) throw new AuthInputError([requiredError('password')]);
  const check = await ctx.passwords.check(password, user.password_hash);
  if (!check.ok) throw new AuthInputError([incorrectPassword]);
  if (check.rehash) await replacePasswordHash(ctx.db, user.id, user.password_hash!, check.rehash);
  const at = Date.now();
  // A new object: the loaded session's arrays may be shared with the store's cache.
  const updated: Session = {
    ...session,
    data: {
      ...session.data,
      methods: [...session.data.methods, { method: 'password', at, reauthenticated: true }],
    },
    authenticatedAt: at,
  };
  await store.save(updated);
  return updated;
}
