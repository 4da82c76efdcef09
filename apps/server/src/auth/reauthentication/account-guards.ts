import type { FastifyRequest } from 'fastify';
import { currentUser, type AuthContext, type Authenticated } from '../auth-context.ts';
import { AuthRefusal } from '../flows/auth-outcome.ts';
import { authenticatorTypes } from '../mfa/mfa-factors.ts';
import { recentlyAuthenticated } from './reauthentication.ts';

/**
 * The logged-in user, or a refusal answered as allauth's 401 with the login flows
 * (allauth's AuthenticatedAPIView).
 */
export async function requireUser(ctx: AuthContext, request: FastifyRequest): Promise<Authenticated> {
  const current = await currentUser(ctx.db, request);
  if (current) return current;
  throw new AuthRefusal({ kind: 'unauthenticated', session: await request.getSession() });
}

/**
 * allauth's did_recently_authenticate for this user and session: false when the last login or
 * reauthentication is too old for a sensitive change.
 */
export async function isRecentlyAuthenticated(ctx: AuthContext, { user, session }: Authenticated) {
  const mfaTypes = await authenticatorTypes(ctx.db, user.id);
  const timeoutMs = ctx.settings.reauthenticationTimeoutMs;
  return {
    recent: recentlyAuthenticated(user, session, timeoutMs, Date.now(), mfaTypes),
    mfaTypes,
  };
}

/**
 * For sensitive changes: refuses with allauth's 401 asking to reauthenticate when the user's
 * last login or reauthentication is too old (allauth's reauthentication_required).
 */
export async function requireRecentAuthentication(ctx: AuthContext, current: Authenticated): Promise<void> {
  const { recent, mfaTypes } = await isRecentlyAuthenticated(ctx, current);
  if (recent) return;
  throw new AuthRefusal({ kind: 'reauthentication_required', ...current, mfaTypes });
}

/** allauth's per-user (or per-IP) rate limits, refused with its bare 429. */
export async function requireWithinLimit(
  ctx: AuthContext,
  action: Parameters<AuthContext['limiter']['consume']>[0],
  key: Parameters<AuthContext['limiter']['consume']>[1],
): Promise<void> {
  if (!(await ctx.limiter.consume(action, key))) {
    throw new AuthRefusal({ kind: 'status', status: 429 });
  }
}
