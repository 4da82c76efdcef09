import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountCall } from './account-call.ts';

/** allauth's BaseAuthenticator: times are epoch seconds. */
interface AuthenticatorTimes {
  created_at: number;
  last_used_at: number | null;
}

export interface TotpAuthenticator extends AuthenticatorTimes {
  type: 'totp';
}

export interface RecoveryCodesAuthenticator extends AuthenticatorTimes {
  type: 'recovery_codes';
  total_code_count: number;
  unused_code_count: number;
}

export interface WebAuthnAuthenticator extends AuthenticatorTimes {
  type: 'webauthn';
  id: number | string;
  name: string;
  is_passwordless?: boolean;
}

export type Authenticator = TotpAuthenticator | RecoveryCodesAuthenticator | WebAuthnAuthenticator;

export const authenticatorsQueryKey = ['account', 'authenticators'] as const;

/** GET account/authenticators: the account's TOTP app, recovery codes and passkeys. */
export function getAuthenticators(): Promise<Authenticator[]> {
  return accountCall<Authenticator[]>('GET', 'account/authenticators');
}

export function authenticatorsQueryOptions() {
  return queryOptions({ queryKey: authenticatorsQueryKey, queryFn: getAuthenticators });
}

export function useAuthenticators() {
  return useQuery(authenticatorsQueryOptions());
}

export function totpOf(authenticators: readonly Authenticator[]): TotpAuthenticator | undefined {
  return authenticators.find((item): item is TotpAuthenticator => item.type === 'totp');
}

export function recoveryCodesOf(
  authenticators: readonly Authenticator[],
): RecoveryCodesAuthenticator | undefined {
  return authenticators.find((item): item is RecoveryCodesAuthenticator => item.type === 'recovery_codes');
}

export function passkeysOf(authenticators: readonly Authenticator[]): WebAuthnAuthenticator[] {
  return authenticators.filter((item): item is WebAuthnAuthenticator => item.type === 'webauthn');
}
