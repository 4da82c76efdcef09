import { redirect } from '@tanstack/react-router';
import { isHttpError } from '../../lib/api-client.ts';

/**
 * Checks an emailed key (email verification, password reset) for a route's loader. Spec §2:
 * a status other than 200 and 400 goes home. The auth client resolves 400, 401, 403, 409 and
 * 410 with their body (the caller sends those home), and rejects the rest (404, 429, 5xx),
 * which this sends home too instead of to the router's error screen. A request that got no
 * answer at all still rejects: the error screen offers to try again.
 */
export async function checkEmailedKey<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (isHttpError(error)) throw redirect({ to: '/' });
    throw error;
  }
}
