import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { AUTH, errorsOf, sessionIdOf, verifiedAccount } from '../support/accounts.ts';
import { ageAuthentication, PAST_REAUTHENTICATION_MS } from '../support/account-center.ts';
import {
  activateTotp,
  AUTHENTICATORS,
  AuthenticatorApp,
  MFA_REAUTHENTICATE,
  RECOVERY_CODES,
  TOTP,
} from '../support/mfa.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

interface TotpOffer {
  status: number;
  meta: { secret: string; totp_url: string };
}

describe('GET account/authenticators/totp', () => {
  it('offers a fresh secret and its otpauth URL while TOTP is off, as allauth’s 404', async () => {
    const { client, email } = await verifiedAccount(app);
    const first = await client.get<TotpOffer>(TOTP);
    expect(first.status).toBe(404);
    expect(first.body.meta.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(first.body.meta.totp_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(first.body.meta.secret);
    expect(url.searchParams.get('issuer')).toBe('Voxpad');
    expect(decodeURIComponent(url.pathname)).toContain(email);
    const second = await client.get<TotpOffer>(TOTP);
    expect(second.body.meta.secret).not.toBe(first.body.meta.secret);
  });
});

describe('POST account/authenticators/totp', () => {
  it('activates with a code from the offered secret and makes ten recovery codes', async () => {
    const { client } = await verifiedAccount(app);
    const offer = await client.get<TotpOffer>(TOTP);
    const authenticator = new AuthenticatorApp(offer.body.meta.secret);
    const res = await client.post(TOTP, { code: await authenticator.nextCode() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 200,
      data: { type: 'totp', created_at: expect.any(Number), last_used_at: null },
      meta: { recovery_codes_generated: true },
    });
    const status = await client.get(TOTP);
    expect(status.status).toBe(200);
    const list = await client.get<{ data: { type: string }[] }>(AUTHENTICATORS);
    expect(list.body.data).toEqual([
      expect.objectContaining({ type: 'totp' }),
      expect.objectContaining({ type: 'recovery_codes', total_code_count: 10, unused_code_count: 10 }),
    ]);
    // A second activation is a conflict, not a second secret.
    expect((await client.post(TOTP, { code: await authenticator.nextCode() })).status).toBe(409);
  });

  it('answers 409 while any email address is unverified, as adding a passkey does', async () => {
    const { client } = await verifiedAccount(app);
    const offer = await client.get<TotpOffer>(TOTP);
    expect(offer.status).toBe(404);
    const authenticator = new AuthenticatorApp(offer.body.meta.secret);
    expect((await client.post(`${AUTH}/account/email`, { email: 'unconfirmed@example.org' })).status).toBe(
      200,
    );
    expect((await client.get(TOTP)).status).toBe(409);
    expect((await client.post(TOTP, { code: await authenticator.nextCode() })).status).toBe(409);
    expect((await client.get<{ data: unknown[] }>(AUTHENTICATORS)).body.data).toEqual([]);
  });

  it('refuses a wrong code, a code of an earlier offer, and a code outside the time window', async () => {
    const { client } = await verifiedAccount(app);
    const earlier = new AuthenticatorApp((await client.get<TotpOffer>(TOTP)).body.meta.secret);
    const latest = new AuthenticatorApp((await client.get<TotpOffer>(TOTP)).body.meta.secret);
    for (const code of ['000000', await earlier.nextCode(), latest.expiredCode(), 'not a code']) {
      const res = await client.post(TOTP, { code });
      expect(res.status, code).toBe(400);
      expect(errorsOf(res.body)).toEqual([
        expect.objectContaining({
          param: 'code',
          code: 'incorrect_code',
          message: expect.stringMatching(/code/),
        }),
      ]);
    }
    const missing = await client.post(TOTP, {});
    expect(errorsOf(missing.body)).toEqual([expect.objectContaining({ param: 'code', code: 'required' })]);
    expect((await client.get(TOTP)).status).toBe(404);
  });

  it('keeps the secret sealed: neither the session nor the authenticator row holds it in clear', async () => {
    const { client } = await verifiedAccount(app);
    const offer = await client.get<TotpOffer>(TOTP);
    const secret = offer.body.meta.secret;
    const session = await app.db
      .selectFrom('sessions')
      .select('data')
      .where('id', '=', sessionIdOf(client))
      .executeTakeFirstOrThrow();
    expect(session.data).not.toContain(secret);
    const authenticator = new AuthenticatorApp(secret);
    expect((await client.post(TOTP, { code: await authenticator.nextCode() })).status).toBe(200);
    const codes = (await client.get<{ data: { unused_codes: string[] } }>(RECOVERY_CODES)).body.data
      .unused_codes;
    const rows = await app.db.selectFrom('authenticators').selectAll().execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row.data).toMatch(/^v1\./);
      expect(row.data).not.toContain(secret);
      for (const code of codes) expect(row.data).not.toContain(code);
    }
  });
});

describe('reauthentication guards every change', () => {
  it('asks again before activating, deactivating, showing or regenerating codes; a TOTP code will do', async () => {
    const { client } = await verifiedAccount(app);
    const { app: authenticator } = await activateTotp(client);
    await ageAuthentication(app, client, PAST_REAUTHENTICATION_MS);
    for (const [method, path] of [
      ['DELETE', TOTP],
      ['GET', RECOVERY_CODES],
      ['POST', RECOVERY_CODES],
    ] as const) {
      const res = await client.request(method, path);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toMatchObject({
        meta: { is_authenticated: true },
        data: {
          flows: [{ id: 'reauthenticate' }, { id: 'mfa_reauthenticate', types: ['totp', 'recovery_codes'] }],
        },
      });
    }
    // The list stays readable: it shows no secret.
    expect((await client.get(AUTHENTICATORS)).status).toBe(200);

    const wrong = await client.post(MFA_REAUTHENTICATE, { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(errorsOf(wrong.body)).toEqual([expect.objectContaining({ code: 'incorrect_code' })]);
    const again = await client.post<{ data: { methods: { method: string; type?: string }[] } }>(
      MFA_REAUTHENTICATE,
      { code: await authenticator.nextCode() },
    );
    expect(again.status).toBe(200);
    expect(again.body.data.methods.at(-1)).toEqual({
      method: 'mfa',
      type: 'totp',
      at: expect.any(Number),
      reauthenticated: true,
    });
    expect((await client.delete(TOTP)).status).toBe(200);
    // Recovery codes back up a second factor; with none left they go too (allauth).
    expect((await client.get<{ data: unknown[] }>(AUTHENTICATORS)).body.data).toEqual([]);
    expect((await client.get(TOTP)).status).toBe(404);
  });

  it('asks again before activating', async () => {
    const { client } = await verifiedAccount(app);
    const offer = await client.get<TotpOffer>(TOTP);
    await ageAuthentication(app, client, PAST_REAUTHENTICATION_MS);
    const res = await client.post(TOTP, {
      code: await new AuthenticatorApp(offer.body.meta.secret).nextCode(),
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ data: { flows: [{ id: 'reauthenticate' }] } });
    expect((await client.get(TOTP)).status).toBe(404);
  });
});
