import { apiClient, type HttpMethod } from '../../../lib/api-client.ts';
import {
  reauthenticationMethodsOf,
  type ReauthenticationFlow,
  type ReauthenticationMethod,
} from '../utils/reauthentication-methods.ts';

/** One `{message, code, param?}` item of an allauth error answer. */
export interface AccountFieldError {
  message: string;
  code: string;
  param?: string;
}

/** allauth's envelope: `status` mirrors the HTTP status (400/401/403/409/410 resolve, spec §8). */
interface Envelope<T> {
  status: number;
  data?: T & { flows?: ReauthenticationFlow[] };
  meta?: { is_authenticated?: boolean };
  errors?: AccountFieldError[];
}

/**
 * The server wants the person to confirm it is them before this change (allauth's 401 with the
 * `reauthenticate` or `mfa_reauthenticate` flow); the session is still logged in. `methods`
 * are the ways it accepts: the password, an authenticator code, a recovery code, a passkey.
 */
export class ReauthenticationRequiredError extends Error {
  override readonly name = 'ReauthenticationRequiredError';
  readonly methods: ReauthenticationMethod[];
  constructor(methods: ReauthenticationMethod[] = ['password']) {
    super('Please confirm it is you: enter your password again.');
    this.methods = methods;
  }
}

/** The session ended (on another device, or it expired) while the page was open. */
export class SignedOutError extends Error {
  override readonly name = 'SignedOutError';
  constructor() {
    super('You have been logged out. Log in again to continue.');
  }
}

/** The server refused the input; `errors` carry the field (`param`) each one belongs to. */
export class AccountInputError extends Error {
  override readonly name = 'AccountInputError';
  readonly status: number;
  readonly errors: AccountFieldError[];
  constructor(status: number, errors: AccountFieldError[]) {
    super(errors[0]?.message ?? refusedMessage(status));
    this.status = status;
    this.errors = errors;
  }
}

function refusedMessage(status: number): string {
  return status === 403
    ? 'That cannot be done right now. Wait a moment and try again.'
    : 'The change was not accepted. Check what you entered and try again.';
}

/** The errors a failed account call carries, to show beside its fields. */
export function accountErrorsOf(error: unknown): AccountFieldError[] {
  if (error instanceof ReauthenticationCancelledError) return [];
  if (error instanceof AccountInputError) {
    return error.errors.length > 0 ? error.errors : [{ message: error.message, code: 'invalid' }];
  }
  if (error instanceof Error) return [{ message: error.message, code: 'failed' }];
  return [{ message: 'Something went wrong. Please try again.', code: 'failed' }];
}

export function isReauthenticationRequired(envelope: Envelope<unknown>): boolean {
  return (
    envelope.status === 401 &&
    envelope.meta?.is_authenticated === true &&
    reauthenticationMethodsOf(envelope.data?.flows ?? []).length > 0
  );
}

/**
 * allauth answers 409 when an authenticator may not be added yet (for example while the
 * account has no verified email address); elsewhere 409 means the session is gone.
 */
export interface AccountCallOptions {
  conflictMessage?: string;
  /** The answer gives this browser a new session (see RequestOptions.rotatesSession). */
  rotatesSession?: boolean;
}

/**
 * One call to the allauth account API, turned into data or a typed failure: the caller (and
 * useReauthenticated) tells "confirm your password" from "logged out" from "fix this field".
 */
export async function accountCall<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: AccountCallOptions = {},
): Promise<T> {
  const envelope = await apiClient.auth<Envelope<T>>(method, path, {
    ...(body === undefined ? {} : { body }),
    ...(options.rotatesSession ? { rotatesSession: true } : {}),
  });
  if (envelope.status === 200) return envelope.data as T;
  if (isReauthenticationRequired(envelope)) {
    throw new ReauthenticationRequiredError(reauthenticationMethodsOf(envelope.data?.flows ?? []));
  }
  if (envelope.status === 409 && options.conflictMessage) {
    throw new AccountInputError(409, [{ message: options.conflictMessage, code: 'conflict' }]);
  }
  // allauth answers 409 to adding an address without a logged-in user: the session is gone too.
  if (envelope.status === 401 || envelope.status === 409 || envelope.status === 410)
    throw new SignedOutError();
  throw new AccountInputError(envelope.status, Array.isArray(envelope.errors) ? envelope.errors : []);
}

/** The person closed the password prompt: the action they started is dropped, quietly. */
export class ReauthenticationCancelledError extends Error {
  override readonly name = 'ReauthenticationCancelledError';
  constructor() {
    super('The change was cancelled.');
  }
}
