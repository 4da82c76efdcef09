import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, browser, newPerson, verifiedAccount } from '../support/accounts.ts';
import { startTestIdp, type TestIdp } from '../support/oidc-provider.ts';
import { cookieHeader, rawRequest } from '../support/raw-request.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 9, finding 1: mailed links and the OAuth redirect URI must never come from a request
 * header. Without PUBLIC_URL the server used a Host whose hostname part looked like loopback,
 * and `127.0.0.1:PORT@evil.example` looks like it: the reset link then led to evil.example.
 */
let idp: TestIdp;
let direct: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  idp = await startTestIdp();
  const social = {
    SOCIAL_PROVIDERS: JSON.stringify([
      { id: 'localid', name: 'Local ID', issuer: idp.issuer, client_id: 'voxpad', client_secret: 's' },
    ]),
  };
  direct = await startTestApp(social);
  proxied = await startTestApp({ ...social, TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
  await idp?.close();
});

/** Headers an attacker sends to choose where the links point. */
function hostileHeaders(app: TestApp): Record<string, string>[] {
  const port = new URL(app.baseUrl).port;
  const hosts = [
    `127.0.0.1:${port}@evil.example`,
    `localhost:${port}@evil.example`,
    'localhost@evil.example',
    '[::1]@evil.example',
    'evil.example',
  ].map((host) => ({ host }));
  if (app === direct) return hosts;
  // Behind a trusted proxy Fastify reads the host and scheme from X-Forwarded-*: still not ours to use.
  return [
    ...hosts,
    { 'x-forwarded-host': `localhost:${port}@evil.example` },
    { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    { 'x-forwarded-host': `127.0.0.1:${port}`, 'x-forwarded-proto': 'https' },
  ];
}

async function postJson(app: TestApp, path: string, json: unknown, headers: Record<string, string>) {
  const client = await browser(app);
  return rawRequest(app.baseUrl, path, {
    method: 'POST',
    body: JSON.stringify(json),
    headers: {
      'content-type': 'application/json',
      cookie: cookieHeader(client.cookies),
      'x-csrftoken': client.cookies.get('csrftoken') ?? '',
      ...headers,
    },
  });
}

/** Every link in a mail's text, which must all lead to the app itself. */
function linksIn(text: string): string[] {
  return text.match(/\b\w+:\/\/\S+/g) ?? [];
}

describe.each([
  ['without a proxy', () => direct],
  ['behind a trusted proxy', () => proxied],
])('links in mails %s', (_name, app) => {
  it('point at the address the server listens on, whatever Host a password reset request names', async () => {
    const { email } = await verifiedAccount(app());
    for (const headers of hostileHeaders(app())) {
      const before = app().mailbox.for(email).length;
      const res = await postJson(app(), `${AUTH}/auth/password/request`, { email }, headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      const mail = await app().mailbox.waitFor(email, { subject: /Password Reset/, after: before });
      const links = linksIn(mail.text);
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link.startsWith(`${app().baseUrl}/`), link).toBe(true);
      expect(mail.html).not.toContain('evil.example');
    }
  });

  it('in the verification mail and the unknown-account notice do too', async () => {
    for (const headers of hostileHeaders(app())) {
      const person = newPerson('linkcheck');
      expect((await postJson(app(), `${AUTH}/auth/signup`, person, headers)).status).toBe(401);
      const verify = await app().mailbox.waitFor(person.email, { subject: /Confirm/ });
      const stranger = newPerson('stranger');
      await postJson(app(), `${AUTH}/auth/password/request`, { email: stranger.email }, headers);
      const notice = await app().mailbox.waitFor(stranger.email, { subject: /Unknown Account/ });
      for (const mail of [verify, notice]) {
        const links = linksIn(mail.text);
        expect(links.length).toBeGreaterThan(0);
        for (const link of links) expect(link.startsWith(`${app().baseUrl}/`), link).toBe(true);
      }
    }
  });

  it('and the OAuth redirect URI sent to the provider', async () => {
    for (const headers of hostileHeaders(app())) {
      const client = await browser(app());
      const form = new URLSearchParams({
        provider: 'localid',
        process: 'login',
        callback_url: '/auth/social/callback',
        csrfmiddlewaretoken: client.cookies.get('csrftoken') ?? '',
      });
      const res = await rawRequest(app().baseUrl, `${AUTH}/auth/provider/redirect`, {
        method: 'POST',
        body: form.toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: cookieHeader(client.cookies),
          ...headers,
        },
      });
      expect(res.status, `${JSON.stringify(headers)}: ${res.text}`).toBe(302);
      const authorize = new URL(String(res.headers.location));
      expect(authorize.origin).toBe(idp.issuer);
      expect(authorize.searchParams.get('redirect_uri'), JSON.stringify(headers)).toBe(
        `${app().baseUrl}${AUTH}/auth/provider/callback/localid`,
      );
    }
  });
});

describe('with PUBLIC_URL', () => {
  it('links in mails use it and nothing else', async () => {
    const app = await startTestApp({ PUBLIC_URL: 'https://notes.example.org/' });
    try {
      const { email } = await verifiedAccount(app);
      const before = app.mailbox.for(email).length;
      const headers = { host: `127.0.0.1:${new URL(app.baseUrl).port}@evil.example` };
      expect((await postJson(app, `${AUTH}/auth/password/request`, { email }, headers)).status).toBe(200);
      const mail = await app.mailbox.waitFor(email, { subject: /Password Reset/, after: before });
      for (const link of linksIn(mail.text)) expect(link).toMatch(/^https:\/\/notes\.example\.org\/auth\//);
    } finally {
      await app.close();
    }
  });
});
