import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, browser, pendingFlow } from '../support/accounts.ts';
import { startAppWithProvider } from '../support/app-with-provider.ts';
import type { TestClient } from '../support/http-client.ts';
import { activateTotp, MFA_AUTHENTICATE, MFA_TRUST } from '../support/mfa.ts';
import { passThroughIdp, startTestIdp, type TestIdp } from '../support/oidc-provider.ts';
import type { TestApp } from '../support/test-app.ts';

/** A provider login (the browser's redirects followed by hand) of a user who has TOTP on. */
let app: TestApp;
let idp: TestIdp;

beforeAll(async () => {
  idp = await startTestIdp();
  app = await startAppWithProvider(idp);
});
afterAll(async () => {
  await app?.close();
  await idp?.close();
});

/** The web app's form POST, the provider, our callback: the browser lands back on the web app. */
async function providerLogin(client: TestClient, account: string): Promise<void> {
  const form = new URLSearchParams({
    process: 'login',
    provider: 'localid',
    callback_url: `${app.baseUrl}/auth/social/callback`,
    csrfmiddlewaretoken: client.cookies.get('csrftoken') ?? '',
  });
  client.sendCsrf = false;
  const start = await client.request('POST', `${AUTH}/auth/provider/redirect`, {
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
  });
  client.sendCsrf = true;
  expect(start.status).toBe(302);
  const callback = await passThroughIdp(start.headers.get('location')!, app.baseUrl, { account });
  const back = await client.get(`${callback.pathname}${callback.search}`);
  expect(back.status).toBe(302);
  expect(new URL(back.headers.get('location')!, app.baseUrl).searchParams.get('error')).toBeNull();
}

describe('a provider login of a user with TOTP', () => {
  it('lands on the second-factor step, with no session until the code is given', async () => {
    const id = `mfa-idp-${Date.now().toString(36)}`;
    idp.addUser({ id, email: `${id}@example.org`, email_verified: true, name: 'Idp Person' });
    const first = await browser(app);
    await providerLogin(first, id);
    expect((await first.get(`${AUTH}/auth/session`)).status).toBe(200);
    const { app: authenticator } = await activateTotp(first);

    const client = await browser(app);
    await providerLogin(client, id);
    const session = await client.get(`${AUTH}/auth/session`);
    expect(session.status).toBe(401);
    expect(pendingFlow(session.body)).toBe('mfa_authenticate');
    expect((await client.get('/api/v1/pad/')).status).toBe(401);
    expect((await client.post(MFA_AUTHENTICATE, { code: await authenticator.nextCode() })).status).toBe(401);
    const done = await client.post(MFA_TRUST, { trust: false });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      data: {
        methods: [
          { method: 'socialaccount', provider: 'localid' },
          { method: 'mfa', type: 'totp' },
        ],
      },
    });
  });
});
