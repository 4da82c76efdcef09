import { createHash } from 'node:crypto';
import type { Db } from '../../src/db/database.ts';
import { TestClient } from './http-client.ts';
import { verificationKeyIn, type Mailbox } from './mailbox.ts';

export const AUTH = '/_headless/browser/v1';

interface AppUnderTest {
  baseUrl: string;
  db: Db;
  mailbox: Mailbox;
}

let counter = 0;
/** A fresh, unique person to sign up. */
export function newPerson(prefix = 'person') {
  const username = `${prefix}${Date.now().toString(36)}${counter++}`;
  return { username, email: `${username}@example.org`, password: 'a sound and lengthy passphrase' };
}

/** A browser with its csrftoken; `ip` poses as another client when the app trusts proxies. */
export async function browser(app: AppUnderTest, ip?: string): Promise<TestClient> {
  const client = new TestClient(app.baseUrl);
  if (ip) client.defaultHeaders['x-forwarded-for'] = ip;
  await client.prime();
  return client;
}

/** Signs up and confirms the address through the mailed link; the browser ends up logged in. */
export async function verifiedAccount(app: AppUnderTest, ip?: string) {
  const person = newPerson();
  const client = await browser(app, ip);
  const signup = await client.post(`${AUTH}/auth/signup`, person);
  if (signup.status !== 401) throw new Error(`signup answered ${signup.status}: ${signup.text}`);
  const key = verificationKeyIn(await app.mailbox.waitFor(person.email, { subject: /Confirm/ }));
  const verified = await client.post(`${AUTH}/auth/email/verify`, { key });
  if (verified.status !== 200) throw new Error(`verification answered ${verified.status}`);
  return { client, ...person };
}

/** The database id of the browser's session (the SHA-256 of its cookie). */
export function sessionIdOf(client: TestClient): string {
  const token = client.cookies.get('sessionid');
  if (!token) throw new Error('the browser has no session');
  return createHash('sha256').update(token).digest('hex');
}

/** Moves the browser's pending flow `ms` into the past, as if the person had waited. */
export async function agePendingFlow(app: AppUnderTest, client: TestClient, ms: number): Promise<void> {
  const id = sessionIdOf(client);
  const row = await app.db
    .selectFrom('sessions')
    .select('data')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const data = JSON.parse(row.data) as { pending?: { at: number } };
  if (!data.pending) throw new Error('the session has no pending flow');
  data.pending.at -= ms;
  await app.db
    .updateTable('sessions')
    .set({ data: JSON.stringify(data) })
    .where('id', '=', id)
    .execute();
}

/** Moves every counted rate-limit hit `ms` into the past, as if that much time had passed. */
export async function ageRateLimits(app: AppUnderTest, ms: number): Promise<void> {
  await app.db
    .updateTable('rate_limit_hits')
    .set((eb) => ({ at: eb('at', '-', ms), expires_at: eb('expires_at', '-', ms) }))
    .execute();
}

export interface AuthErrors {
  status: number;
  errors: { code: string; message: string; param?: string }[];
}

export interface FlowsBody {
  status: number;
  data: { flows: { id: string; is_pending?: boolean }[] };
  meta: { is_authenticated: boolean };
}

/** The passkey login and signup flows every anonymous answer lists (allauth's, MFA_PASSKEY_*_ENABLED). */
export const PASSKEY_FLOWS = [{ id: 'mfa_login_webauthn' }, { id: 'mfa_signup_webauthn' }];

export function pendingFlow(body: unknown): string | undefined {
  return (body as FlowsBody).data.flows.find((f) => f.is_pending)?.id;
}

/** The `errors` of allauth's 400 body. */
export function errorsOf(body: unknown): AuthErrors['errors'] {
  return (body as AuthErrors).errors;
}
