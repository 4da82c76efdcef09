import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { AUTH, newPerson } from '../support/accounts.ts';
import { ageAuthentication, PAST_REAUTHENTICATION_MS } from '../support/account-center.ts';
import { verificationKeyIn } from '../support/mailbox.ts';
import {
  addPasskey,
  createCredential,
  passkeyLogin,
  signRequest,
  WEBAUTHN_ACCOUNT,
  type MethodsBody,
} from '../support/passkeys.ts';
import { SoftAuthenticator } from '../support/soft-authenticator.ts';
import { ConformanceClient } from './conformance-client.ts';
import { observed } from './openapi-contract.ts';

/**
 * Black-box conformance of the WebAuthn operations (issue 11): every response is validated
 * against allauth's OpenAPI document by ConformanceClient; a software authenticator answers
 * the ceremonies with real signatures. Rate limits are on; each browser has its own address.
 */
let app: TestApp;
let nextIp = 1;

beforeAll(async () => {
  app = await startTestApp({ ACCOUNT_RATE_LIMITS: 'default', TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await app.close();
});

async function browser(): Promise<ConformanceClient> {
  const client = new ConformanceClient(app.baseUrl);
  client.defaultHeaders['x-forwarded-for'] = `203.0.113.${nextIp++}`;
  await client.prime();
  return client;
}

async function account() {
  const person = newPerson('webauthn');
  const client = await browser();
  expect((await client.post(`${AUTH}/auth/signup`, person)).status).toBe(401);
  const key = verificationKeyIn(await app.mailbox.waitFor(person.email, { subject: /Confirm/ }));
  expect((await client.post(`${AUTH}/auth/email/verify`, { key })).status).toBe(200);
  return { client, ...person, key: new SoftAuthenticator(app.baseUrl) };
}

const SIGNUP = `${AUTH}/auth/webauthn/signup`;
const LOGIN = `${AUTH}/auth/webauthn/login`;
const AUTHENTICATE = `${AUTH}/auth/webauthn/authenticate`;
const REAUTHENTICATE = `${AUTH}/auth/webauthn/reauthenticate`;

describe('account/authenticators/webauthn', () => {
  it('200 for options, add, rename and delete; 400 for bad input', async () => {
    const { client, key } = await account();
    const added = await addPasskey(client, key, 'Conformance key');
    expect(added.status).toBe(200);
    const id = added.body.data.id;
    expect((await client.post(WEBAUTHN_ACCOUNT, { credential: { id: 'x' } })).status).toBe(400);
    expect((await client.put(WEBAUTHN_ACCOUNT, { id, name: 'Renamed' })).status).toBe(200);
    expect((await client.put(WEBAUTHN_ACCOUNT, { id: id + 1, name: 'Nobody’s' })).status).toBe(400);
    expect(
      (await client.request('DELETE', WEBAUTHN_ACCOUNT, { json: { authenticators: [id + 1] } })).status,
    ).toBe(400);
    expect(
      (await client.request('DELETE', WEBAUTHN_ACCOUNT, { json: { authenticators: [id] } })).status,
    ).toBe(200);
  });

  it('401 asking for reauthentication, and 409 while an address is unverified', async () => {
    const { client, key } = await account();
    const id = (await addPasskey(client, key)).body.data.id;
    const credential = await createCredential(client, new SoftAuthenticator(app.baseUrl));
    await ageAuthentication(app, client, PAST_REAUTHENTICATION_MS);
    expect((await client.get(WEBAUTHN_ACCOUNT)).status).toBe(401);
    expect((await client.post(WEBAUTHN_ACCOUNT, { credential })).status).toBe(401);
    expect((await client.put(WEBAUTHN_ACCOUNT, { id, name: 'Late' })).status).toBe(401);
    expect(
      (await client.request('DELETE', WEBAUTHN_ACCOUNT, { json: { authenticators: [id] } })).status,
    ).toBe(401);

    const unverified = await account();
    expect((await unverified.client.post(`${AUTH}/account/email`, { email: newPerson().email })).status).toBe(
      200,
    );
    expect((await unverified.client.get(WEBAUTHN_ACCOUNT)).status).toBe(409);
    expect((await unverified.client.post(WEBAUTHN_ACCOUNT, { credential })).status).toBe(409);
  });
});

describe('auth/webauthn/login', () => {
  it('200 for options and a login, 400 for a bad answer, 401 while the address awaits confirmation', async () => {
    const { client, key, username } = await account();
    expect((await addPasskey(client, key)).status).toBe(200);
    const visitor = await browser();
    expect((await visitor.post(LOGIN, { credential: {} })).status).toBe(400);
    expect((await passkeyLogin(visitor, key)).status).toBe(200);

    // The address lost its confirmation (e.g. it was changed): the passkey login waits for it.
    await app.db.updateTable('users').set({ email_verified: 0 }).where('username', '=', username).execute();
    const waiting = await passkeyLogin(await browser(), key);
    expect(waiting.status).toBe(401);
    expect(waiting.body).toMatchObject({
      data: { flows: expect.arrayContaining([{ id: 'verify_email', is_pending: true }]) },
    });
  });
});

describe('auth/webauthn/signup', () => {
  it('401 pending, 409 out of turn, 200 for options and the passkey, 400 for bad input', async () => {
    const visitor = await browser();
    expect((await visitor.post(SIGNUP, { email: 'not an address' })).status).toBe(400);
    expect((await visitor.get(SIGNUP)).status).toBe(409);
    expect((await visitor.put(SIGNUP, { credential: {} })).status).toBe(409);
    const { email } = newPerson('signup');
    expect((await visitor.post(SIGNUP, { email })).status).toBe(401);
    const key = verificationKeyIn(await app.mailbox.waitFor(email, { subject: /Confirm/ }));
    expect((await visitor.post(`${AUTH}/auth/email/verify`, { key })).status).toBe(401);
    expect((await visitor.put(SIGNUP, { credential: { id: 'x' } })).status).toBe(400);
    const credential = await createCredential(visitor, new SoftAuthenticator(app.baseUrl), SIGNUP);
    expect((await visitor.put(SIGNUP, { credential })).status).toBe(200);
    expect((await visitor.post(SIGNUP, { email: newPerson().email })).status).toBe(409);
  });
});

describe('auth/webauthn/authenticate and reauthenticate', () => {
  it('200 for options and a second factor, 400 for a bad answer', async () => {
    const { client, key, username, password } = await account();
    expect((await addPasskey(client, key)).status).toBe(200);
    const visitor = await browser();
    expect((await visitor.post(`${AUTH}/auth/login`, { username, password })).status).toBe(401);
    expect((await visitor.post(AUTHENTICATE, { credential: {} })).status).toBe(400);
    const credential = await signRequest(visitor, key, AUTHENTICATE);
    // The trust question follows (MFA_TRUST_ENABLED), then the session.
    expect((await visitor.post(AUTHENTICATE, { credential })).status).toBe(401);
    expect((await visitor.post<MethodsBody>(`${AUTH}/auth/2fa/trust`, { trust: false })).status).toBe(200);
  });

  it('200 for options and a reauthentication, 400 for a bad answer', async () => {
    const { client, key } = await account();
    expect((await addPasskey(client, key)).status).toBe(200);
    expect((await client.post(REAUTHENTICATE, { credential: {} })).status).toBe(400);
    const credential = await signRequest(client, key, REAUTHENTICATE);
    expect((await client.post(REAUTHENTICATE, { credential })).status).toBe(200);
  });
});

describe('coverage', () => {
  it('saw every WebAuthn operation give each of its answers', () => {
    const seen = new Set(observed.map((o) => `${o.operation} ${o.status}`));
    const v1 = '/_allauth/{client}/v1';
    const account = `${v1}/account/authenticators/webauthn`;
    const expected = [
      ...[200, 401, 409].map((s) => `GET ${account} ${s}`),
      ...[200, 400, 401, 409].map((s) => `POST ${account} ${s}`),
      ...[200, 400, 401].map((s) => `PUT ${account} ${s}`),
      ...[200, 400, 401].map((s) => `DELETE ${account} ${s}`),
      `GET ${v1}/auth/webauthn/login 200`,
      ...[200, 400, 401].map((s) => `POST ${v1}/auth/webauthn/login ${s}`),
      ...[200, 409].map((s) => `GET ${v1}/auth/webauthn/signup ${s}`),
      ...[400, 401, 409].map((s) => `POST ${v1}/auth/webauthn/signup ${s}`),
      ...[200, 400, 409].map((s) => `PUT ${v1}/auth/webauthn/signup ${s}`),
      `GET ${v1}/auth/webauthn/authenticate 200`,
      ...[400, 401].map((s) => `POST ${v1}/auth/webauthn/authenticate ${s}`),
      `GET ${v1}/auth/webauthn/reauthenticate 200`,
      ...[200, 400].map((s) => `POST ${v1}/auth/webauthn/reauthenticate ${s}`),
    ];
    expect(expected.filter((e) => !seen.has(e))).toEqual([]);
  });
});
