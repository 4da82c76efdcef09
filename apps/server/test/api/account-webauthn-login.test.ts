import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { AUTH, browser, errorsOf, pendingFlow, verifiedAccount } from '../support/accounts.ts';
import { ageAuthentication, PAST_REAUTHENTICATION_MS } from '../support/account-center.ts';
import {
  addPasskey,
  passkeyLogin,
  signRequest,
  WEBAUTHN_ACCOUNT,
  type MethodsBody,
  type RequestEnvelope,
} from '../support/passkeys.ts';
import { SoftAuthenticator } from '../support/soft-authenticator.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const LOGIN = `${AUTH}/auth/webauthn/login`;
const AUTHENTICATE = `${AUTH}/auth/webauthn/authenticate`;
const REAUTHENTICATE = `${AUTH}/auth/webauthn/reauthenticate`;

/** A verified account with one passkey on `key`; its browser is logged out afterwards. */
async function accountWithPasskey() {
  const account = await verifiedAccount(app);
  const key = new SoftAuthenticator(app.baseUrl);
  const added = await addPasskey(account.client, key, 'Phone');
  expect(added.status).toBe(200);
  return { ...account, key, passkeyId: added.body.data.id };
}

describe('auth/webauthn/login', () => {
  it('logs in with a passkey alone, which counts as both factors', async () => {
    const { key, username } = await accountWithPasskey();
    const visitor = await browser(app);

    const options = await visitor.get<RequestEnvelope>(LOGIN);
    expect(options.status).toBe(200);
    // No credentials named: the browser offers the passkeys it holds (conditional UI).
    expect(options.body.data.request_options.publicKey).toMatchObject({
      rpId: '127.0.0.1',
      allowCredentials: [],
      userVerification: 'required',
    });
    const credential = key.get(options.body.data.request_options.publicKey);
    const res = await visitor.post<MethodsBody>(LOGIN, { credential });
    expect(res.status).toBe(200);
    expect(res.body.data.methods).toEqual([
      { method: 'mfa', type: 'webauthn', passwordless: true, at: expect.any(Number) },
    ]);
    const session = await visitor.get<{ data: { user: { username: string } } }>(`${AUTH}/auth/session`);
    expect(session.status).toBe(200);
    expect(session.body.data.user.username).toBe(username);
  });

  it('advertises passkey login in config and in the flows', async () => {
    const visitor = await browser(app);
    const config = await visitor.get<{ data: { mfa: { passkey_login_enabled: boolean } } }>(`${AUTH}/config`);
    expect(config.body.data.mfa.passkey_login_enabled).toBe(true);
    const session = await visitor.get<{ data: { flows: { id: string }[] } }>(`${AUTH}/auth/session`);
    expect(session.body.data.flows.map((f) => f.id)).toEqual(
      expect.arrayContaining(['mfa_login_webauthn', 'mfa_signup_webauthn']),
    );
  });

  it('refuses a replayed assertion, in the same browser or another', async () => {
    const { key } = await accountWithPasskey();
    const first = await browser(app);
    const credential = await signRequest(first, key, LOGIN);
    expect((await first.post(LOGIN, { credential })).status).toBe(200);

    // The challenge was used up with the login.
    const again = await first.post(LOGIN, { credential });
    expect(again.status).toBe(400);
    expect(errorsOf(again.body)[0]!.message).toMatch(/expired or was already used/);

    // Another browser with a challenge of its own: the old answer signs the wrong one.
    const thief = await browser(app);
    expect((await thief.get(LOGIN)).status).toBe(200);
    const stolen = await thief.post(LOGIN, { credential });
    expect(stolen.status).toBe(400);
    expect(errorsOf(stolen.body)).toEqual([
      expect.objectContaining({ param: 'credential', code: 'incorrect_code' }),
    ]);
    expect((await thief.get(`${AUTH}/auth/session`)).status).toBe(401);
  });

  it('refuses a signature counter that went back (a cloned authenticator)', async () => {
    const { key } = await accountWithPasskey();
    const visitor = await browser(app);
    expect((await passkeyLogin(visitor, key)).status).toBe(200); // stored counter: 1
    const clone = await browser(app);
    const options = await clone.get<RequestEnvelope>(LOGIN);
    const credential = key.assertion(key.credentials[0]!, {
      challenge: options.body.data.request_options.publicKey.challenge,
      origin: app.baseUrl,
      userVerified: true,
      counter: 1,
    });
    const res = await clone.post(LOGIN, { credential });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]!.message).toMatch(/may have been copied/);
  });

  it('requires user verification for a passkey login', async () => {
    const { key } = await accountWithPasskey();
    const visitor = await browser(app);
    const credential = await signRequest(visitor, key, LOGIN, { userVerified: false });
    const res = await visitor.post(LOGIN, { credential });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]!.message).toMatch(/did not confirm it was you/);
  });

  it('refuses a passkey the server does not know, and an assertion naming another account', async () => {
    const { key, client, passkeyId } = await accountWithPasskey();
    const victim = await accountWithPasskey();

    // A user handle that is not the passkey owner's: X's key cannot pose as Y.
    const visitor = await browser(app);
    const options = await visitor.get<RequestEnvelope>(LOGIN);
    const posing = key.get(options.body.data.request_options.publicKey);
    (posing.response as { userHandle: string }).userHandle = victim.key.credentials[0]!.userHandle;
    const res = await visitor.post(LOGIN, { credential: posing });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]!.message).toMatch(/belongs to a different account/);
    expect((await visitor.get(`${AUTH}/auth/session`)).status).toBe(401);

    // Removed from the account, the passkey logs in nobody.
    const removed = await client.request('DELETE', WEBAUTHN_ACCOUNT, {
      json: { authenticators: [passkeyId] },
    });
    expect(removed.status).toBe(200);
    const later = await browser(app);
    const unknown = await passkeyLogin(later, key);
    expect(unknown.status).toBe(400);
    expect(errorsOf(unknown.body)[0]!.message).toMatch(/not registered/);
  });
});

describe('auth/webauthn/authenticate (mfa_authenticate)', () => {
  it('completes a password login with the account’s passkey as second factor', async () => {
    const { key, username, password } = await accountWithPasskey();
    const visitor = await browser(app);
    const login = await visitor.post(`${AUTH}/auth/login`, { username, password });
    expect(login.status).toBe(401);
    expect(pendingFlow(login.body)).toBe('mfa_authenticate');
    // As allauth: the pending flow names the second factors this user can give, so a client
    // offers the passkey (and the recovery codes that came with it), not an app code.
    const pending = (login.body as { data: { flows: { id: string; types?: string[] }[] } }).data.flows.find(
      (flow) => flow.id === 'mfa_authenticate',
    );
    expect(pending?.types).toEqual(['recovery_codes', 'webauthn']);
    const session = await visitor.get<{ data: { flows: { id: string; types?: string[] }[] } }>(
      `${AUTH}/auth/session`,
    );
    expect(session.body.data.flows.find((flow) => flow.id === 'mfa_authenticate')?.types).toEqual([
      'recovery_codes',
      'webauthn',
    ]);

    const options = await visitor.get<RequestEnvelope>(AUTHENTICATE);
    expect(options.status).toBe(200);
    expect(options.body.data.request_options.publicKey.allowCredentials).toEqual([
      expect.objectContaining({ id: key.credentials[0]!.id }),
    ]);
    const credential = key.get(options.body.data.request_options.publicKey);
    const given = await visitor.post(AUTHENTICATE, { credential });
    // As allauth with MFA_TRUST_ENABLED: one more question (trust this browser?) before the session.
    expect(given.status).toBe(401);
    expect(pendingFlow(given.body)).toBe('mfa_trust');
    const res = await visitor.post<MethodsBody>(`${AUTH}/auth/2fa/trust`, { trust: false });
    expect(res.status).toBe(200);
    expect(res.body.data.methods.map((m) => [m.method, m.type])).toEqual([
      ['password', undefined],
      ['mfa', 'webauthn'],
    ]);
  });

  it('refuses another account’s passkey as the second factor', async () => {
    const { username, password } = await accountWithPasskey();
    const stranger = await accountWithPasskey();
    const visitor = await browser(app);
    expect((await visitor.post(`${AUTH}/auth/login`, { username, password })).status).toBe(401);
    const options = await visitor.get<RequestEnvelope>(AUTHENTICATE);
    const credential = stranger.key.get(
      { ...options.body.data.request_options.publicKey, allowCredentials: [] },
      { use: stranger.key.credentials[0]! },
    );
    const res = await visitor.post(AUTHENTICATE, { credential });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]!.message).toMatch(/belongs to a different account/);
    expect((await visitor.get(`${AUTH}/auth/session`)).status).toBe(401);
  });

  it('answers 409 when no login waits for a second factor', async () => {
    const visitor = await browser(app);
    expect((await visitor.get(AUTHENTICATE)).status).toBe(409);
    expect((await visitor.post(AUTHENTICATE, { credential: {} })).status).toBe(409);
  });
});

describe('auth/webauthn/reauthenticate', () => {
  it('vouches for sensitive changes again, with the account’s own passkey only', async () => {
    const { client, key, passkeyId } = await accountWithPasskey();
    const stranger = await accountWithPasskey();
    await ageAuthentication(app, client, PAST_REAUTHENTICATION_MS);
    const remove = () =>
      client.request('DELETE', WEBAUTHN_ACCOUNT, { json: { authenticators: [passkeyId] } });
    expect((await remove()).status).toBe(401);

    const foreign = await signRequest(client, stranger.key, REAUTHENTICATE, {
      use: stranger.key.credentials[0]!,
    });
    expect((await client.post(REAUTHENTICATE, { credential: foreign })).status).toBe(400);
    expect((await remove()).status).toBe(401);

    const credential = await signRequest(client, key, REAUTHENTICATE);
    const res = await client.post<MethodsBody>(REAUTHENTICATE, { credential });
    expect(res.status).toBe(200);
    expect(res.body.data.methods.at(-1)).toEqual({
      method: 'mfa',
      type: 'webauthn',
      reauthenticated: true,
      at: expect.any(Number),
    });
    expect((await remove()).status).toBe(200);
  });

  it('does not take a login challenge for a reauthentication', async () => {
    const { client, key } = await accountWithPasskey();
    const options = await client.get<RequestEnvelope>(LOGIN);
    const credential = key.get(options.body.data.request_options.publicKey);
    const res = await client.post(REAUTHENTICATE, { credential });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]!.message).toMatch(/expired or was already used/);
  });
});

describe('rate limits on passkey answers (as on code entry)', () => {
  const LIMITS = { ACCOUNT_RATE_LIMITS: 'login_failed=10/m/ip,3/5m/key' };

  async function limitedAccountWithPasskey(limited: TestApp) {
    const account = await verifiedAccount(limited);
    const key = new SoftAuthenticator(limited.baseUrl);
    expect((await addPasskey(account.client, key, 'Phone')).status).toBe(200);
    return { ...account, key };
  }

  it('stops the second factor after a few wrong passkeys per account, even for the right one', async () => {
    const limited = await startTestApp(LIMITS);
    try {
      const { key, username, password } = await limitedAccountWithPasskey(limited);
      const stranger = await limitedAccountWithPasskey(limited);
      const visitor = await browser(limited);
      expect((await visitor.post(`${AUTH}/auth/login`, { username, password })).status).toBe(401);
      for (let i = 0; i < 3; i++) {
        const foreign = await signRequest(visitor, stranger.key, AUTHENTICATE, {
          use: stranger.key.credentials[0]!,
        });
        expect((await visitor.post(AUTHENTICATE, { credential: foreign })).status).toBe(400);
      }
      const credential = await signRequest(visitor, key, AUTHENTICATE);
      const blocked = await visitor.post(AUTHENTICATE, { credential });
      expect(blocked.status).toBe(400);
      expect(errorsOf(blocked.body)).toEqual([
        expect.objectContaining({ code: 'too_many_login_attempts', message: expect.stringMatching(/Wait/) }),
      ]);
      expect((await visitor.get(`${AUTH}/auth/session`)).status).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('stops reauthentication after a few wrong passkeys per account, even for the right one', async () => {
    const limited = await startTestApp(LIMITS);
    try {
      const { client, key } = await limitedAccountWithPasskey(limited);
      const stranger = await limitedAccountWithPasskey(limited);
      for (let i = 0; i < 3; i++) {
        const foreign = await signRequest(client, stranger.key, REAUTHENTICATE, {
          use: stranger.key.credentials[0]!,
        });
        expect((await client.post(REAUTHENTICATE, { credential: foreign })).status).toBe(400);
      }
      const credential = await signRequest(client, key, REAUTHENTICATE);
      const blocked = await client.post(REAUTHENTICATE, { credential });
      expect(blocked.status).toBe(400);
      expect(errorsOf(blocked.body)).toEqual([expect.objectContaining({ code: 'too_many_login_attempts' })]);
    } finally {
      await limited.close();
    }
  });

  it('forgets the wrong answers once the right passkey is given', async () => {
    const limited = await startTestApp(LIMITS);
    try {
      const { client, key } = await limitedAccountWithPasskey(limited);
      const stranger = await limitedAccountWithPasskey(limited);
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < 2; i++) {
          const foreign = await signRequest(client, stranger.key, REAUTHENTICATE, {
            use: stranger.key.credentials[0]!,
          });
          expect((await client.post(REAUTHENTICATE, { credential: foreign })).status).toBe(400);
        }
        const credential = await signRequest(client, key, REAUTHENTICATE);
        expect((await client.post(REAUTHENTICATE, { credential })).status).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });
});
