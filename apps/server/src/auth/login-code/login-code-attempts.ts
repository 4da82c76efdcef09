import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { LOGIN_CODE_MAX_ATTEMPTS, LOGIN_CODE_TIMEOUT_MS } from '../sessions/pending-flows.ts';

/**
 * Counts one guess at a pending login code, in the database rather than in the session row,
 * so that parallel requests cannot each read "no attempts yet" and guess more than allowed.
 * This is allauth's ACCOUNT_LOGIN_BY_CODE_MAX_ATTEMPTS, not a configurable rate limit.
 */
export function countLoginCodeAttempt(
  limiter: RateLimiter,
  sessionId: string,
  flowStartedAt: number,
): Promise<{ allowed: boolean; count: number }> {
  return limiter.hit(`login_code_attempt:${sessionId}:${flowStartedAt}`, {
    amount: LOGIN_CODE_MAX_ATTEMPTS,
    durationMs: LOGIN_CODE_TIMEOUT_MS,
    per: 'key',
  });
}
