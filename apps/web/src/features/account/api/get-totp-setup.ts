import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { HttpError } from '../../../lib/api-client.ts';
import { accountCall } from './account-call.ts';

/** A fresh secret to scan: allauth's 404 "no TOTP authenticator yet", with its setup meta. */
const setupSchema = z.object({
  status: z.literal(404),
  meta: z.object({ secret: z.string().min(1), totp_url: z.string().startsWith('otpauth://') }),
});

export interface TotpSetup {
  secret: string;
  totpUrl: string;
}

export const totpSetupQueryKey = ['account', 'totp-setup'] as const;

/** Verify an address first: allauth refuses authenticators while the account has none verified. */
export const AUTHENTICATOR_CONFLICT =
  'Two-factor authentication needs a verified email address. Confirm yours from the link we mail you (see Email addresses), then try again.';

/**
 * GET account/authenticators/totp while no app is set up: allauth answers 404 with a new
 * secret and its otpauth:// URL. The same secret must come back with the first code.
 */
export async function getTotpSetup(): Promise<TotpSetup> {
  try {
    await accountCall<unknown>('GET', 'account/authenticators/totp', undefined, {
      conflictMessage: AUTHENTICATOR_CONFLICT,
    });
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) {
      const parsed = setupSchema.safeParse(error.body);
      if (parsed.success) return { secret: parsed.data.meta.secret, totpUrl: parsed.data.meta.totp_url };
    }
    throw error;
  }
  throw new Error('An authenticator app is already set up for this account. Reload the page.');
}

export function totpSetupQueryOptions() {
  return queryOptions({
    queryKey: totpSetupQueryKey,
    queryFn: getTotpSetup,
    // The secret is fixed for the whole setup: refetching mid-way would break the scanned code.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    gcTime: 0,
    retry: false,
  });
}

export function useTotpSetup(enabled: boolean) {
  return useQuery({ ...totpSetupQueryOptions(), enabled });
}
