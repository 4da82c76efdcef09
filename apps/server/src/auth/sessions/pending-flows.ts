import { LOGIN_CODE_LIFETIME_SECONDS } from '@voxpad/shared/auth';
import type { AuthenticatorType } from '../../db/schema.ts';
import type { AuthMethod } from './auth-method.ts';

/** allauth's ACCOUNT_LOGIN_TIMEOUT: how long a login may wait on a pending step. */
export const LOGIN_TIMEOUT_MS = 15 * 60 * 1000;
/** allauth's ACCOUNT_LOGIN_BY_CODE_TIMEOUT and ACCOUNT_LOGIN_BY_CODE_MAX_ATTEMPTS. */
export const LOGIN_CODE_TIMEOUT_MS = LOGIN_CODE_LIFETIME_SECONDS * 1000;
export const LOGIN_CODE_MAX_ATTEMPTS = 3;

/**
 * A signup or login waiting for its email address to be confirmed. `userId` is null when the
 * signup used an address that already has an account: the flow looks the same from outside
 * (enumeration prevention) but can never complete.
 */
export interface VerifyEmailPending {
  flow: 'verify_email';
  at: number;
  userId: string | null;
  email: string;
  /** How the person authenticated so far; becomes the session's methods once verified. */
  methods: AuthMethod[];
  /** A passkey signup (allauth's): once verified, the flow goes on to `mfa_signup_webauthn`. */
  passkeySignup?: boolean;
}

/** A login code was requested; `userId` is null for unknown addresses (nothing was sent). */
export interface LoginByCodePending {
  flow: 'login_by_code';
  at: number;
  userId: string | null;
  email: string;
  /** "salt$sha256" of the code: the code itself is only ever in the mail. */
  codeHash: string;
}

/**
 * A provider login whose account could not be created or linked by itself (no verified email
 * from the provider): the person completes it through `auth/provider/signup` (ADR 12).
 */
export interface ProviderSignupPending {
  flow: 'provider_signup';
  at: number;
  provider: string;
  uid: string;
  /** What the provider said, offered as defaults; an address here is not verified. */
  email: string | null;
  display: string;
  username: string | null;
}

/**
 * allauth's mfa_authenticate stage: the first factor was right and the user has a second one;
 * no session is granted until a TOTP code, a recovery code or a passkey is given.
 */
export interface MfaAuthenticatePending {
  flow: 'mfa_authenticate';
  at: number;
  userId: string;
  /** The first factor's methods; the second factor's is added once given. */
  methods: AuthMethod[];
  /** The user's authenticator types, named in the pending flow as allauth does (`types`). */
  types?: AuthenticatorType[];
}

/** allauth's mfa_trust stage (MFA_TRUST_ENABLED): the second factor was given; trust this browser? */
export interface MfaTrustPending {
  flow: 'mfa_trust';
  at: number;
  userId: string;
  methods: AuthMethod[];
}

/**
 * allauth's passkey signup stage: the account exists (its address verified, when that is
 * mandatory) and waits for its first passkey, which logs it in.
 */
export interface PasskeySignupPending {
  flow: 'mfa_signup_webauthn';
  at: number;
  userId: string;
}

export type PendingFlow =
  | PasskeySignupPending
  | VerifyEmailPending
  | LoginByCodePending
  | ProviderSignupPending
  | MfaAuthenticatePending
  | MfaTrustPending;

function lifetime(pending: PendingFlow): number {
  return pending.flow === 'login_by_code' ? LOGIN_CODE_TIMEOUT_MS : LOGIN_TIMEOUT_MS;
}

/** The part of a session a pending flow lives in (a structural type, so this file needs no session store). */
interface SessionWithPending {
  userId: string | null;
  data: { pending?: PendingFlow };
}

/** The session's pending flow, unless it has timed out. */
export function activePending(
  session: SessionWithPending | undefined,
  now = Date.now(),
): PendingFlow | undefined {
  const pending = session?.data.pending;
  if (!pending || session.userId) return undefined;
  return now - pending.at <= lifetime(pending) ? pending : undefined;
}
