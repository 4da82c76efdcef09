import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { loginCodeIn } from '../support/mailbox.ts';
import { AUTH, agePendingFlow, browser, newPerson, verifiedAccount } from '../support/accounts.ts';
import type { TestClient } from '../support/http-client.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const RESEND = `${AUTH}/auth/code/resend`;

/** The next sign-in code mailed to `email` after the `after` mails it already had. */
async function nextCode(server: TestApp, email: string, after: number): Promise<string> {
  return loginCodeIn(await server.mailbox.waitFor(email, { subject: /Sign-In Code/, after }));
}

async function requestCode(server: TestApp, email: string): Promise<{ client: TestClient; code: string }> {
  const before = server.mailbox.for(email).length;
  const client = await browser(server);
  expect((await client.post(`${AUTH}/auth/code/request`, { email })).status).toBe(401);
  return { client, code: await nextCode(server, email, before) };
}

/** A wrong code that cannot be the right one. */
const wrongFor = (code: string) => (code === 'CCCCCCCC' ? 'DDDDDDDD' : 'CCCCCCCC');

describe('POST auth/code/resend', () => {
  it('mails a new code that replaces the old one', async () => {
    const { email } = await verifiedAccount(app);
    const { client, code: first } = await requestCode(app, email);
    const before = app.mailbox.for(email).length;
    expect((await client.post(RESEND)).body).toEqual({ status: 200 });
    const second = await nextCode(app, email, before);
    if (second !== first) {
      expect((await client.post(`${AUTH}/auth/code/confirm`, { code: first })).status).toBe(400);
    }
    expect((await client.post(`${AUTH}/auth/code/confirm`, { code: second })).status).toBe(200);
  });

  it('keeps the count of wrong guesses and the timeout of the flow', async () => {
    const { email } = await verifiedAccount(app);
    const { client, code } = await requestCode(app, email);
    for (let i = 0; i < 2; i++) {
      expect((await client.post(`${AUTH}/auth/code/confirm`, { code: wrongFor(code) })).status).toBe(400);
    }
    const before = app.mailbox.for(email).length;
    await client.post(RESEND);
    const fresh = await nextCode(app, email, before);
    expect((await client.post(`${AUTH}/auth/code/confirm`, { code: wrongFor(fresh) })).status).toBe(400);
    expect((await client.post(`${AUTH}/auth/code/confirm`, { code: fresh })).status).toBe(409);

    const again = await requestCode(app, email);
    await agePendingFlow(app, again.client, 181_000);
    expect((await again.client.post(RESEND)).status).toBe(409);
  });

  it('answers an unknown address as a known one, and 409 without a pending code', async () => {
    const unknown = newPerson().email;
    const client = await browser(app);
    await client.post(`${AUTH}/auth/code/request`, { email: unknown });
    expect((await client.post(RESEND)).status).toBe(200);
    await app.mailbox.waitFor(unknown, { subject: /Unknown Account/, after: 1 });
    expect((await (await browser(app)).post(RESEND)).status).toBe(409);
  });

  it('counts against request_login_code: three codes a minute per address', async () => {
    const limited = await startTestApp({ ACCOUNT_RATE_LIMITS: 'request_login_code=20/m/ip,3/m/key' });
    try {
      const { email } = await verifiedAccount(limited);
      const { client } = await requestCode(limited, email);
      expect((await client.post(RESEND)).status).toBe(200);
      expect((await client.post(RESEND)).status).toBe(200);
      expect((await client.post(RESEND)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
