import { revokeAllApiTokens } from '../../api-tokens/api-tokens-repository.ts';
import type { UserRow } from '../../db/schema.ts';
import { loginAttemptKey } from './password-login.ts';
import type { AuthContext } from '../auth-context.ts';
import { deletePasswordResetKeys } from './password-reset-keys.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import { setPasswordHash } from '../accounts/users-repository.ts';

/**
 * Sets the new password and retires everything the old one vouched for: every reset key,
 * every session of the account (on every device) and the failed-login counts, as allauth does,
 * and every personal API token: someone who took over the account may have made one.
 */
export async function resetPassword(
  ctx: AuthContext,
  sessions: SessionStore,
  user: UserRow,
  password: string,
): Promise<void> {
  await setPasswordHash(ctx.db, user.id, await ctx.passwords.hash(password), Date.now());
  await deletePasswordResetKeys(ctx.db, user.id);
  await sessions.destroyAllForUser(user.id);
  await revokeAllApiTokens(ctx.db, user.id);
  for (const identifier of [user.username, user.email]) {
    await ctx.limiter.clear('login_failed', { key: loginAttemptKey(identifier) });
  }
}
