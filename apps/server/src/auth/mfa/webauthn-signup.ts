import type { UserRow } from '../../db/schema.ts';
import type { AuthContext } from '../auth-context.ts';
import { activePending } from '../sessions/pending-flows.ts';
import type { Session } from '../sessions/session-store.ts';
import { findUserById } from '../accounts/users-repository.ts';

/**
 * The account whose passkey signup this session is completing, if any: the
 * `mfa_signup_webauthn` flow, or a passkey signup still waiting for its address when the
 * address was meanwhile confirmed elsewhere (the link opened on another device), which
 * reaches the same stage.
 */
export async function passkeySignupUser(
  ctx: AuthContext,
  session: Session | undefined,
): Promise<UserRow | undefined> {
  const pending = activePending(session);
  if (pending?.flow === 'mfa_signup_webauthn') return findUserById(ctx.db, pending.userId);
  if (pending?.flow === 'verify_email' && pending.passkeySignup && pending.userId) {
    const user = await findUserById(ctx.db, pending.userId);
    return user?.email_verified ? user : undefined;
  }
  return undefined;
}
