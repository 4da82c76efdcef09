import type { FastifyRequest } from 'fastify';
import { AuthInputError } from '../auth-errors.ts';
import type { AuthContext } from '../auth-context.ts';
import { tooManyCodeAttempts } from './mfa-errors.ts';

/**
 * allauth's mfa check_rate_limit: every attempt at a second factor (a TOTP or recovery code, or
 * a passkey's answer) counts towards `login_failed` (ACCOUNT_RATE_LIMITS, 10 a minute per IP and
 * 5 per 5 minutes per account by default) under a key of the user's own, and a success forgets
 * the count. Past the limit the answer is allauth's too_many_login_attempts, whatever was given.
 * Returns the function that forgets the count.
 */
export async function countSecondFactorAttempt(
  ctx: AuthContext,
  request: FastifyRequest,
  userId: string,
): Promise<() => Promise<void>> {
  const subject = { ip: request.ip, key: `mfa-auth-user-${userId}` };
  if (!(await ctx.limiter.consume('login_failed', subject))) throw new AuthInputError([tooManyCodeAttempts]);
  return () => ctx.limiter.clear('login_failed', subject);
}
