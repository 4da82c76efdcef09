import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, browser, newPerson, pendingFlow, verifiedAccount } from '../support/accounts.ts';
import type { TestClient, TestResponse } from '../support/http-client.ts';
import { verificationKeyIn } from '../support/mailbox.ts';
import { passThroughIdp, startTestIdp, type TestIdp } from '../support/oidc-provider.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { startAppWithProvider } from '../support/app-with-provider.ts';

/**
 * Social login against a real OpenID Connect provider (oidc-provider on loopback), over HTTP:
 * the browser's redirects are followed by hand, with a cookie jar per site.
 */
let app: TestApp;
let idp: TestIdp;
const CALLBACK = '/auth/social/callback';
let n = 0;

beforeAll(async () => {
  idp = await startTestIdp();
  app = await startAppWithProvider(idp);
});
afterAll(async () => {
  await app?.close();
  await idp?.close();
});

function idpUser(extra: { email?: string; email_verified?: boolean } = {}) {
  const id = `idp-user-${Date.now().toString(36)}-${n++}`;
  idp.addUser({ id, preferred_username: id.replaceAll('-', '_'), name: 'Idp Person', ...extra });
  return id;
}

/** The form POST the web app makes; the csrftoken travels as a form field, not a header. */
async function startRedirect(
  client: TestClient,
  fields: Record<string, string>,
  options: { csrf?: boolean } = {},
): Promise<TestResponse> {
  const form = new URLSearchParams({
    process: 'login',
    callback_url: `${app.baseUrl}${CALLBACK}`,
    ...fields,
  });
  if (options.csrf !== false) form.set('csrfmiddlewaretoken', client.cookies.get('csrftoken') ?? '');
  client.sendCsrf = false;
  try {
    return await client.request('POST', `${AUTH}/auth/provider/redirect`, {
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    });
  } finally {
    client.sendCsrf = true;
  }
}

/** The browser at the provider, then back on our callback; returns where our app sends it. */
async function followToApp(client: TestClient, location: string, choice: Record<string, string>) {
  const callback = await passThroughIdp(location, app.baseUrl, choice);
  const res = await client.get(`${callback.pathname}${callback.search}`);
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!, app.baseUrl);
}

/** The whole round trip: form POST, provider, our callback; returns where the browser lands. */
async function socialLogin(client: TestClient, idpQuery: Record<string, string>) {
  const start = await startRedirect(client, { provider: 'localid' });
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  expect(authorize.origin).toBe(idp.issuer);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  expect(authorize.searchParams.get('state')).toBeTruthy();
  return followToApp(client, authorize.href, idpQuery);
}

describe('social login with an OpenID Connect provider', () => {
  it('lists the provider in config and in the 401 flows', async () => {
    const client = await browser(app);
    const config = await client.get(`${AUTH}/config`);
    expect((config.body as { data: { socialaccount: unknown } }).data.socialaccount).toEqual({
      providers: [
        {
          id: 'localid',
          name: 'Local ID',
          client_id: 'voxpad',
          flows: ['provider_redirect', 'provider_token'],
          openid_configuration_url: `${idp.issuer}/.well-known/openid-configuration`,
        },
      ],
    });
    // The page's form POST is redirected to the provider, which its CSP's form-action must allow.
    const page = await client.get('/login');
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' https: ${idp.issuer}`);
    const session = await client.get(`${AUTH}/auth/session`);
    expect(session.status).toBe(401);
    expect((session.body as { data: { flows: unknown[] } }).data.flows).toContainEqual({
      id: 'provider_redirect',
      providers: ['localid'],
    });
  });

  it('creates an account for a new person with a verified email and logs them in', async () => {
    const email = `${idpUser.name}${n}@example.org`.toLowerCase();
    const id = idpUser({ email, email_verified: true });
    const client = await browser(app);
    const before = client.cookies.get('sessionid');
    const landed = await socialLogin(client, { account: id });
    expect(landed.pathname).toBe(CALLBACK);
    expect(landed.searchParams.get('error')).toBeNull();
    expect(client.cookies.get('sessionid')).not.toBe(before);
    const session = await client.get(`${AUTH}/auth/session`);
    expect(session.status).toBe(200);
    const data = (
      session.body as {
        data: {
          user: { email: string; username: string; has_usable_password: boolean };
          methods: { method: string; provider?: string; uid?: string }[];
        };
      }
    ).data;
    expect(data.user.email).toBe(email);
    expect(data.user.username).toBe(id.replaceAll('-', '_'));
    expect(data.user.has_usable_password).toBe(false);
    expect(data.methods[0]).toMatchObject({ method: 'socialaccount', provider: 'localid', uid: id });

    // The second time the linked account logs straight in, whatever the provider's email says.
    const again = await browser(app);
    expect((await socialLogin(again, { account: id })).pathname).toBe(CALLBACK);
    expect((await again.get(`${AUTH}/auth/session`)).status).toBe(200);
  });

  it('makes a derived username unique', async () => {
    const first = await verifiedAccount(app);
    const id = idpUser({ email: `other-${first.email}`, email_verified: true });
    idp.addUser({
      id,
      preferred_username: first.username,
      email: `other-${first.email}`,
      email_verified: true,
    });
    const client = await browser(app);
    await socialLogin(client, { account: id });
    const session = await client.get(`${AUTH}/auth/session`);
    expect((session.body as { data: { user: { username: string } } }).data.user.username).toBe(
      `${first.username}2`,
    );
  });

  it('links to the existing account whose verified email the provider verified', async () => {
    const person = await verifiedAccount(app);
    const id = idpUser({ email: person.email.toUpperCase(), email_verified: true });
    const client = await browser(app);
    await socialLogin(client, { account: id });
    const session = await client.get(`${AUTH}/auth/session`);
    expect(session.status).toBe(200);
    const user = (session.body as { data: { user: { username: string; has_usable_password: boolean } } }).data
      .user;
    expect(user.username).toBe(person.username);
    expect(user.has_usable_password).toBe(true);
  });

  it('does not link to an account with that email when the provider did not verify it', async () => {
    const person = await verifiedAccount(app);
    const id = idpUser({ email: person.email, email_verified: false });
    const client = await browser(app);
    const landed = await socialLogin(client, { account: id });
    expect(landed.searchParams.get('error')).toBeNull();
    const session = await client.get(`${AUTH}/auth/session`);
    expect(session.status).toBe(401);
    expect(pendingFlow(session.body)).toBe('provider_signup');
  });

  it('asks for an email when the provider has no verified one, then verifies it by mail', async () => {
    const id = idpUser({ email: `unverified-${n}@example.org`, email_verified: false });
    const client = await browser(app);
    await socialLogin(client, { account: id });
    const session = await client.get(`${AUTH}/auth/session`);
    expect(session.status).toBe(401);
    const flows = (
      session.body as { data: { flows: { id: string; is_pending?: boolean; provider?: { id: string } }[] } }
    ).data.flows;
    expect(flows.find((f) => f.is_pending)).toMatchObject({
      id: 'provider_signup',
      provider: { id: 'localid' },
    });

    const info = await client.get(`${AUTH}/auth/provider/signup`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      status: 200,
      data: {
        email: [{ email: `unverified-${n - 1}@example.org`, verified: false, primary: true }],
        account: { uid: id, provider: { id: 'localid' } },
      },
    });

    const bad = await client.post(`${AUTH}/auth/provider/signup`, { email: 'not an email' });
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: { param: string }[] }).errors[0]!.param).toBe('email');

    const person = newPerson('social');
    const signup = await client.post(`${AUTH}/auth/provider/signup`, {
      email: person.email,
      username: person.username,
    });
    expect(signup.status).toBe(401);
    expect(pendingFlow(signup.body)).toBe('verify_email');
    const key = verificationKeyIn(await app.mailbox.waitFor(person.email, { subject: /Confirm/ }));
    const verified = await client.post(`${AUTH}/auth/email/verify`, { key });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      data: {
        user: { username: person.username, email: person.email },
        methods: [{ method: 'socialaccount', provider: 'localid', uid: id }],
      },
    });

    // Later logins through the provider go straight in.
    const later = await browser(app);
    await socialLogin(later, { account: id });
    expect((await later.get(`${AUTH}/auth/session`)).status).toBe(200);
  });

  it('enters provider signup when the provider gives no email at all', async () => {
    const id = idpUser();
    const client = await browser(app);
    await socialLogin(client, { account: id });
    const info = await client.get(`${AUTH}/auth/provider/signup`);
    expect(info.status).toBe(200);
    expect((info.body as { data: { email: unknown[] } }).data.email).toEqual([]);
  });

  it('answers 409 on provider signup when no such flow is pending', async () => {
    const client = await browser(app);
    expect((await client.get(`${AUTH}/auth/provider/signup`)).status).toBe(409);
    expect((await client.post(`${AUTH}/auth/provider/signup`, { email: 'a@example.org' })).status).toBe(409);
  });

  it('returns ?error=cancelled when the person denies at the provider', async () => {
    idpUser();
    const client = await browser(app);
    const landed = await socialLogin(client, { deny: '1' });
    expect(landed.pathname).toBe(CALLBACK);
    expect(landed.searchParams.get('error')).toBe('cancelled');
    expect((await client.get(`${AUTH}/auth/session`)).status).toBe(401);
  });

  it('refuses a tampered state, a state from another browser and a replayed callback', async () => {
    const id = idpUser({ email: `tamper-${n}@example.org`, email_verified: true });
    const client = await browser(app);
    const start = await startRedirect(client, { provider: 'localid' });
    const authorize = new URL(start.headers.get('location')!);
    authorize.searchParams.set('state', 'forged-state');
    const landed = await followToApp(client, authorize.href, { account: id });
    expect(landed.searchParams.get('error')).toBe('state_mismatch');
    expect((await client.get(`${AUTH}/auth/session`)).status).toBe(401);

    // The real flow, but the callback is opened in another browser (login CSRF): refused.
    const victim = await browser(app);
    const real = await startRedirect(client, { provider: 'localid' });
    const url = await passThroughIdp(real.headers.get('location')!, app.baseUrl, { account: id });
    const callback = `${url.pathname}${url.search}`;
    const stolen = await victim.get(callback);
    expect(new URL(stolen.headers.get('location')!, app.baseUrl).searchParams.get('error')).toBe(
      'state_mismatch',
    );
    // ... and the state was used up, so its owner cannot replay it either.
    const replay = await client.get(callback);
    expect(new URL(replay.headers.get('location')!, app.baseUrl).searchParams.get('error')).toBe(
      'state_mismatch',
    );
  });

  it('sends an unknown provider back to the callback with ?error=unknown_provider', async () => {
    const client = await browser(app);
    const res = await startRedirect(client, { provider: 'nope' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${CALLBACK}?error=unknown_provider`);
  });

  it('never redirects to another site: a foreign callback_url is a 400', async () => {
    const client = await browser(app);
    for (const callback_url of [
      'https://evil.example/cb',
      '//evil.example/cb',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      const res = await startRedirect(client, { provider: 'localid', callback_url });
      expect(res.status, callback_url).toBe(400);
      expect(res.body).toMatchObject({ status: 400, errors: [{ param: 'callback_url', code: 'invalid' }] });
    }
    const relative = await startRedirect(client, {
      provider: 'nope',
      callback_url: '/auth/social/callback?x=1',
    });
    expect(relative.headers.get('location')).toBe('/auth/social/callback?x=1&error=unknown_provider');
  });

  it('refuses the form POST without its CSRF token (403)', async () => {
    const client = await browser(app);
    const res = await startRedirect(client, { provider: 'localid' }, { csrf: false });
    expect(res.status).toBe(403);
    const wrong = await startRedirect(
      client,
      { provider: 'localid', csrfmiddlewaretoken: 'x'.repeat(64) },
      { csrf: false },
    );
    expect(wrong.status).toBe(403);
  });

  it('does not accept form bodies on the JSON endpoints', async () => {
    const client = await browser(app);
    client.sendCsrf = false;
    const res = await client.request('POST', `${AUTH}/auth/login`, {
      body: new URLSearchParams({
        username: 'x',
        password: 'y',
        csrfmiddlewaretoken: client.cookies.get('csrftoken')!,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
  });
});

describe('social login when the provider is down', () => {
  it('returns ?error=provider_unavailable', async () => {
    const down = await startTestApp({
      SOCIAL_PROVIDERS: JSON.stringify([
        { id: 'gone', name: 'Gone', issuer: 'http://127.0.0.1:9/', client_id: 'a', client_secret: 'b' },
      ]),
    });
    try {
      const client = await browser(down);
      client.sendCsrf = false;
      const res = await client.request('POST', `${AUTH}/auth/provider/redirect`, {
        body: new URLSearchParams({
          provider: 'gone',
          process: 'login',
          callback_url: '/auth/social/callback',
          csrfmiddlewaretoken: client.cookies.get('csrftoken')!,
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/auth/social/callback?error=provider_unavailable');
    } finally {
      await down.close();
    }
  });
});

describe('the GitHub preset (OAuth 2 without OpenID Connect)', () => {
  it('logs in through the authorize, token, user and emails endpoints, with PKCE', async () => {
    const { createHash } = await import('node:crypto');
    const http = await import('node:http');
    const challenges = new Map<string, string>();
    const fake = http.createServer((req, res) => {
      void (async () => {
        const url = new URL(req.url!, 'http://x');
        let body = '';
        for await (const chunk of req) body += String(chunk);
        const json = (status: number, value: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(value));
        };
        if (url.pathname === '/login/oauth/authorize') {
          const code = `code-${challenges.size}`;
          challenges.set(code, url.searchParams.get('code_challenge')!);
          const back = new URL(url.searchParams.get('redirect_uri')!);
          back.searchParams.set('code', code);
          back.searchParams.set('state', url.searchParams.get('state')!);
          res.writeHead(302, { location: back.href });
          return res.end();
        }
        if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') {
          const form = new URLSearchParams(body);
          const verifier = form.get('code_verifier') ?? '';
          const expected = challenges.get(form.get('code') ?? '');
          const ok =
            expected === createHash('sha256').update(verifier).digest('base64url') &&
            form.get('client_secret') === 'gh-secret';
          return ok
            ? json(200, { access_token: 'gho_test', token_type: 'bearer', scope: 'read:user,user:email' })
            : json(400, { error: 'bad_verification_code' });
        }
        if (req.headers.authorization !== 'Bearer gho_test') return json(401, { message: 'Bad credentials' });
        if (url.pathname === '/api/user')
          return json(200, { id: 4242, login: 'octocat', name: 'The Octocat' });
        if (url.pathname === '/api/user/emails') {
          return json(200, [
            { email: 'octo-old@example.org', primary: false, verified: false },
            { email: 'octocat@example.org', primary: true, verified: true },
          ]);
        }
        json(404, {});
      })();
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(fake.address() as { port: number }).port}`;
    const gh = await startTestApp({
      GITHUB_CLIENT_ID: 'gh-client',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      GITHUB_URL: base,
      GITHUB_API_URL: `${base}/api`,
    });
    try {
      const client = await browser(gh);
      const config = await client.get(`${AUTH}/config`);
      expect((config.body as { data: { socialaccount: unknown } }).data.socialaccount).toEqual({
        providers: [{ id: 'github', name: 'GitHub', client_id: 'gh-client', flows: ['provider_redirect'] }],
      });
      client.sendCsrf = false;
      const start = await client.request('POST', `${AUTH}/auth/provider/redirect`, {
        body: new URLSearchParams({
          provider: 'github',
          process: 'login',
          callback_url: `${gh.baseUrl}/auth/social/callback`,
          csrfmiddlewaretoken: client.cookies.get('csrftoken')!,
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      client.sendCsrf = true;
      expect(start.status).toBe(302);
      const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
      const callback = new URL(authorize.headers.get('location')!);
      expect(callback.pathname).toBe(`${AUTH}/auth/provider/callback/github`);
      const back = await client.get(`${callback.pathname}${callback.search}`);
      expect(back.headers.get('location')).toBe('/auth/social/callback');
      const session = await client.get(`${AUTH}/auth/session`);
      expect(session.status).toBe(200);
      expect(session.body).toMatchObject({
        data: {
          user: { username: 'octocat', email: 'octocat@example.org' },
          methods: [{ method: 'socialaccount', provider: 'github', uid: '4242' }],
        },
      });
    } finally {
      await gh.close();
      await new Promise((resolve) => fake.close(resolve));
    }
  });
});

describe('SOCIAL_PROVIDERS and the presets in the configuration', () => {
  it('reports every problem at start', async () => {
    const { loadConfig } = await import('../../src/config/config.ts');
    expect(() => loadConfig({ SOCIAL_PROVIDERS: 'not json' })).toThrow(
      /SOCIAL_PROVIDERS: must be a JSON array/,
    );
    expect(() =>
      loadConfig({
        SOCIAL_PROVIDERS: JSON.stringify([{ id: 'x', name: 'X', client_id: 'a', client_secret: 'b' }]),
      }),
    ).toThrow(/exactly one of issuer and discovery_url/);
    expect(() => loadConfig({ GITHUB_CLIENT_ID: 'only-the-id' })).toThrow(/set both or neither/);
    const config = loadConfig({
      NODE_ENV: 'test',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      SOCIAL_PROVIDERS: JSON.stringify([
        {
          id: 'corp',
          name: 'Corp',
          discovery_url: 'https://id.example.org/.well-known/openid-configuration',
          client_id: 'c',
          client_secret: 's',
        },
      ]),
    });
    expect(config.social.providers.map((p) => [p.id, p.kind])).toEqual([
      ['corp', 'oidc'],
      ['google', 'oidc'],
    ]);
  });
});
