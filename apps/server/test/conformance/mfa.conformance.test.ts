import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { AUTH, newPerson } from '../support/accounts.ts';
import { ageAuthentication, PAST_REAUTHENTICATION_MS } from '../support/account-center.ts';
import { verificationKeyIn } from '../support/mailbox.ts';
import {
  AUTHENTICATORS,
  AuthenticatorApp,
  MFA_AUTHENTICATE,
  MFA_REAUTHENTICATE,
  MFA_TRUST,
  RECOVERY_CODES,
  TOTP,
} from '../support/mfa.ts';
import { ConformanceClient } from './conformance-client.ts';
import { observed } from './openapi-contract.ts';

/**
 * Black-box conformance of allauth's mfa operations without WebAuthn (TOTP, recovery codes,
 * the 2FA login, reauthentication and trust steps): every response is validated against
 * allauth's OpenAPI document by ConformanceClient. Rate limits are on; each browser comes from
 * its own TEST-NET address.
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
  client.defaultHeaders['x-forwarded-for'] = `198.51.100.${nextIp++}`;
  await client.prime();
  return client;
}

async function account() {
  const { email, password } = newPerson('mfa');
  const client = await browser();
  expect((await client.post(`${AUTH}/auth/signup`, { email, password })).status).toBe(401);
  const key = verificationKeyIn(await app.mailbox.waitFor(email, { subject: /Confirm/ }));
  expect((await client.post(`${AUTH}/auth/email/verify`, { key })).status).toBe(200);
  return { client, email, password };
}

async function withTotp() {
  const person = await account();
  const offer = await person.client.get<{ meta: { secret: string } }>(TOTP);
  const authenticator = new AuthenticatorApp(offer.body.meta.secret);
  expect((await person.client.post(TOTP, { code: await authenticator.nextCode() })).status).toBe(200);
  return { ...person, authenticator };
}

describe('account/authenticators', () => {
  it('GET 200 and 401', async () => {
    const { client } = await withTotp();
    expect((await client.get(AUTHENTICATORS)).status).toBe(200);
    expect((await (await browser()).get(AUTHENTICATORS)).status).toBe(401);
  });
});

describe('account/authenticators/totp', () => {
  it('GET 404 with the secret, 200 once active, 409 with an unverified address', async () => {
    const { client, email } = await account();
    expect((await client.get(TOTP)).status).toBe(404);
    await app.db.updateTable('users').set({ email_verified: 0 }).where('email', '=', email).execute();
    expect((await client.get(TOTP)).status).toBe(409);
    const { client: active } = await withTotp();
    expect((await active.get(TOTP)).status).toBe(200);
  });

  it('POST 200, 400, 401 (reauthentication) and 409; DELETE 200 and 401', async () => {
    const { client } = await account();
    const authenticator = new AuthenticatorApp(
      (await client.get<{ meta: { secret: string } }>(TOTP)).body.meta.secret,
    );
    expect((await client.post(TOTP, { code: '000000' })).status).toBe(400);
    expect((await client.post(TOTP, { code: await authenticator.nextCode() })).status).toBe(200);
    expect((await client.post(TOTP, { code: await authenticator.nextCode() })).status).toBe(409);
    await ageAuthentication(app, client, PAST_REAUTHENTICATION_MS);
    expect((await client.post(TOTP, { code: '000000' })).status).toBe(401);
    expect((await client.delete(TOTP)).status).toBe(401);
    expect((await client.post(MFA_REAUTHENTICATE, { code: await authenticator.nextCode() })).status).toBe(
      200,
    );
    expect((await client.delete(TOTP)).status).toBe(200);
  });
});

describe('account/authenticators/recovery-codes', () => {
  it('GET 200, 401 (reauthentication) and 404; POST 200, 400 and 401', async () => {
    const { client } = await withTotp();
    expect((await client.get(RECOVERY_CODES)).status).toBe(200);
    expect((await client.post(RECOVERY_CODES)).status).toBe(200);
    await ageAuthentication(app, client, PAST_REAUTHENTICATION_MS);
    expect((await client.get(RECOVERY_CODES)).status).toBe(401);
    expect((await client.post(RECOVERY_CODES)).status).toBe(401);
    const { client: without } = await account();
    expect((await without.get(RECOVERY_CODES)).status).toBe(404);
    expect((await without.post(RECOVERY_CODES)).status).toBe(400);
  });
});

describe('auth/2fa', () => {
  it('authenticate 400 and 401 (the trust step), trust 400 and 200, reauthenticate 200 and 400', async () => {
    const { email, password, authenticator } = await withTotp();
    const client = await browser();
    expect((await client.post(`${AUTH}/auth/login`, { email, password })).status).toBe(401);
    expect((await client.post(MFA_AUTHENTICATE, { code: '000000' })).status).toBe(400);
    expect((await client.post(MFA_AUTHENTICATE, { code: await authenticator.nextCode() })).status).toBe(401);
    expect((await client.get(`${AUTH}/auth/session`)).status).toBe(401);
    expect((await client.post(MFA_TRUST, { trust: 'maybe' })).status).toBe(400);
    expect((await client.post(MFA_TRUST, { trust: true })).status).toBe(200);
    expect((await client.post(MFA_REAUTHENTICATE, { code: '000000' })).status).toBe(400);
    expect((await client.post(MFA_REAUTHENTICATE, { code: await authenticator.nextCode() })).status).toBe(
      200,
    );
  });
});

describe('GET config', () => {
  it('200 naming the supported types and trust', async () => {
    const res = await (await browser()).get(`${AUTH}/config`);
    expect(res.body).toMatchObject({
      data: {
        mfa: { supported_types: expect.arrayContaining(['recovery_codes', 'totp']), trust_enabled: true },
      },
    });
  });
});

describe('coverage', () => {
  it('saw every mfa operation give each of its answers', () => {
    const seen = new Set(observed.map((o) => `${o.operation} ${o.status}`));
    const v1 = '/_allauth/{client}/v1';
    const expected = [
      ...[200, 401].map((s) => `GET ${v1}/account/authenticators ${s}`),
      ...[200, 404, 409].map((s) => `GET ${v1}/account/authenticators/totp ${s}`),
      ...[200, 400, 401, 409].map((s) => `POST ${v1}/account/authenticators/totp ${s}`),
      ...[200, 401].map((s) => `DELETE ${v1}/account/authenticators/totp ${s}`),
      ...[200, 401, 404].map((s) => `GET ${v1}/account/authenticators/recovery-codes ${s}`),
      ...[200, 400, 401].map((s) => `POST ${v1}/account/authenticators/recovery-codes ${s}`),
      ...[400, 401].map((s) => `POST ${v1}/auth/2fa/authenticate ${s}`),
      ...[200, 400].map((s) => `POST ${v1}/auth/2fa/reauthenticate ${s}`),
      ...[200, 400].map((s) => `POST /_allauth/browser/v1/auth/2fa/trust ${s}`),
      `GET ${v1}/config 200`,
    ];
    expect(expected.filter((e) => !seen.has(e))).toEqual([]);
  });
});
