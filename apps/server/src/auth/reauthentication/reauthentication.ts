import type { Flow } from '@voxpad/shared/auth';
import type { AuthenticatorType, UserRow } from '../../db/schema.ts';
import type { Session } from '../sessions/session-store.ts';

/** allauth's ACCOUNT_REAUTHENTICATION_TIMEOUT default: how long a login or reauthentication vouches for sensitive changes. */
export const REAUTHENTICATION_TIMEOUT_MS = 300 * 1000;

/**
 * allauth's get_reauthentication_flows: typing the password again, for accounts that have one,
 * and a second factor (`mfa_reauthenticate`, naming the authenticator types) for accounts with
 * one; `mfaTypes` are the types of the user's authenticators.
 */
export function reauthenticationFlows(user: UserRow, mfaTypes: readonly AuthenticatorType[] = []): Flow[] {
  const flows: Flow[] = user.password_hash !== null ? [{ id: 'reauthenticate' }] : [];
  if (mfaTypes.includes('totp') || mfaTypes.includes('webauthn')) {
    flows.push({ id: 'mfa_reauthenticate', types: [...mfaTypes] });
  }
  return flows;
}

/**
 * allauth's did_recently_authenticate: the session's last login or reauthentication is recent
 * enough. An account with no way to reauthenticate (no password) is not asked to, as in
 * allauth, rather than being locked out of its own settings.
 */
export function recentlyAuthenticated(
  user: UserRow,
  session: Session,
  timeoutMs = REAUTHENTICATION_TIMEOUT_MS,
  now = Date.now(),
  mfaTypes: readonly AuthenticatorType[] = [],
): boolean {
  if (reauthenticationFlows(user, mfaTypes).length === 0) return true;
  return session.authenticatedAt !== null && now - session.authenticatedAt <= timeoutMs;
}
