import { expect } from 'vitest';
import { totpCode, TOTP_PERIOD_SECONDS } from '../../src/auth/mfa/totp.ts';
import { AUTH, pendingFlow } from './accounts.ts';
import type { TestClient } from './http-client.ts';

export const TOTP = `${AUTH}/account/authenticators/totp`;
export const RECOVERY_CODES = `${AUTH}/account/authenticators/recovery-codes`;
export const AUTHENTICATORS = `${AUTH}/account/authenticators`;
export const MFA_AUTHENTICATE = `${AUTH}/auth/2fa/authenticate`;
export const MFA_REAUTHENTICATE = `${AUTH}/auth/2fa/reauthenticate`;
export const MFA_TRUST = `${AUTH}/auth/2fa/trust`;

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
/** Longer than a request takes on a busy machine. */
const SAFE_MARGIN_MS = 10_000;

/**
 * An authenticator app for tests. Each code it hands out belongs to a later time step than the
 * one before (the server accepts one step of drift either way and never a step twice): the
 * first is a step behind now, then now, then a step ahead.
 */
export class AuthenticatorApp {
  #offset = -1;
  constructor(readonly secret: string) {}

  async nextCode(): Promise<string> {
    if (this.#offset > 1) throw new Error('only three fresh codes fit in the tolerance window');
    // A step behind now turns two behind, out of the window, if the step ends before the
    // server checks it: near the end of a step, wait for the next (as a person would).
    if (this.#offset === -1) {
      const left = STEP_MS - (Date.now() % STEP_MS);
      if (left < SAFE_MARGIN_MS) await new Promise((resolve) => setTimeout(resolve, left + 50));
    }
    return totpCode(this.secret, Date.now() + this.#offset++ * STEP_MS);
  }

  /** A code of a time step outside the server's tolerance (three steps off). */
  expiredCode(): string {
    return totpCode(this.secret, Date.now() - 3 * STEP_MS);
  }
}

/** Sets up TOTP on a logged-in browser as a person would: scan the secret, type a code. */
export async function activateTotp(client: TestClient) {
  const offer = await client.get<{ meta: { secret: string; totp_url: string } }>(TOTP);
  expect(offer.status).toBe(404);
  const app = new AuthenticatorApp(offer.body.meta.secret);
  const activated = await client.post(TOTP, { code: await app.nextCode() });
  expect(activated.status, activated.text).toBe(200);
  const codes = await client.get<{ data: { unused_codes: string[] } }>(RECOVERY_CODES);
  expect(codes.status).toBe(200);
  return { app, recoveryCodes: codes.body.data.unused_codes };
}

/** Logs out and in again with the password; the answer should be the second-factor step. */
export async function logInAgain(client: TestClient, email: string, password: string) {
  await client.delete(`${AUTH}/auth/session`);
  const res = await client.post(`${AUTH}/auth/login`, { email, password });
  return res;
}

/** Password, then a second factor, then "trust this browser?" answered; the browser ends logged in. */
export async function logInWithCode(
  client: TestClient,
  person: { email: string; password: string },
  code: string,
  trust = false,
) {
  const login = await logInAgain(client, person.email, person.password);
  expect(login.status).toBe(401);
  expect(pendingFlow(login.body)).toBe('mfa_authenticate');
  const second = await client.post(MFA_AUTHENTICATE, { code });
  expect(second.status, second.text).toBe(401);
  expect(pendingFlow(second.body)).toBe('mfa_trust');
  const done = await client.post(MFA_TRUST, { trust });
  expect(done.status, done.text).toBe(200);
  return done;
}
