import type { AuthenticatorType, UserRow } from '../../db/schema.ts';
import type { Session } from '../sessions/session-store.ts';
import type { StartedSession } from '../sessions/session-plugin.ts';

/**
 * What an auth service decided, in allauth's terms; routes/allauth-presenter.ts alone turns it
 * into the answer (status, body, cookies). Services never see the reply.
 */
export type AuthAnswer =
  /** 200 with the user and how the session authenticated (allauth's AuthenticationResponse). */
  | { kind: 'authenticated'; user: UserRow; session: Session }
  /** 401 with the flows a visitor may start, and the one pending on `session` if any. */
  | { kind: 'unauthenticated'; session?: Session | undefined }
  /** 401: logged in, but this change needs a recent authentication (allauth's ReauthenticationResponse). */
  | {
      kind: 'reauthentication_required';
      user: UserRow;
      session: Session;
      mfaTypes: readonly AuthenticatorType[];
    }
  /** A bare `{status}`: 200 done, 403 forbidden, 404 nothing there, 409 conflict, 429 too many requests. */
  | { kind: 'status'; status: 200 | 403 | 404 | 409 | 429 }
  /** `{status, data, meta}`: 200, or allauth's 404 that still carries `meta` (TOTP not set up yet). */
  | { kind: 'data'; status?: 200 | 404; data?: unknown; meta?: unknown };

/** The cookies an answer carries besides its body. */
export interface CookieChanges {
  /** A session started (login, rotation, an anonymous holder of a pending step) or ended. */
  session?: StartedSession | 'ended';
  /** The sealed "trust this browser" cookie's new value (mfa/trust.ts). */
  trustedBrowser?: string;
}

export type AuthOutcome = AuthAnswer & { cookies?: CookieChanges };

export const done: AuthOutcome = { kind: 'status', status: 200 };
export const conflict: AuthOutcome = { kind: 'status', status: 409 };
export const forbidden: AuthOutcome = { kind: 'status', status: 403 };
export const tooManyRequests: AuthOutcome = { kind: 'status', status: 429 };

/** `{status: 200, data, meta?}`. */
export function withData(data: unknown, meta?: unknown): AuthOutcome {
  return meta === undefined ? { kind: 'data', data } : { kind: 'data', data, meta };
}

/**
 * A guard's refusal (not logged in, reauthentication needed, rate limited): thrown so a route
 * reads as its happy path; the auth API's error handler presents the outcome it carries.
 */
export class AuthRefusal extends Error {
  constructor(readonly outcome: AuthOutcome) {
    super(`auth answer ${outcome.kind}`);
    this.name = 'AuthRefusal';
  }
}
