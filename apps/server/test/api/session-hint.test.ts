import { SESSION_HINT_COOKIE } from '@voxpad/shared/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUpClient, TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 19: the page learns whether to ask GET auth/session (whose 401 Chromium logs as an
 * error on every signed-out load) from a readable hint that lives with the session cookie.
 */
let server: TestApp;
beforeAll(async () => {
  server = await startTestApp({ ACCOUNT_EMAIL_VERIFICATION: 'none' });
});
afterAll(async () => {
  await server.close();
});

const SESSION = '/_headless/browser/v1/auth/session';

describe('the session hint cookie', () => {
  it('is set, readable by the page, when a login starts a session and cleared by logout', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    expect(client.cookies.get(SESSION_HINT_COOKIE)).toBe('1');
    expect((await client.get(SESSION)).status).toBe(200);

    const logout = await client.delete(SESSION);
    expect(logout.status).toBe(401);
    const cleared = logout.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`));
    expect(cleared).toMatch(/Max-Age=0/i);
    expect(cleared).not.toMatch(/HttpOnly/i);
    expect(client.cookies.has(SESSION_HINT_COOKIE)).toBe(false);
  });

  it('is never set for an anonymous visitor', async () => {
    const client = new TestClient(server.baseUrl);
    await client.prime();
    expect((await client.get(SESSION)).status).toBe(401);
    expect((await client.get('/api/v1/pad/')).status).toBe(401);
    expect(client.cookies.has(SESSION_HINT_COOKIE)).toBe(false);
  });

  it('is given to a session from before the hint on its next answer, and taken from a browser without a session', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    client.cookies.delete(SESSION_HINT_COOKIE);
    await client.get('/healthz');
    expect(client.cookies.get(SESSION_HINT_COOKIE)).toBe('1');

    const stray = new TestClient(server.baseUrl);
    stray.cookies.set(SESSION_HINT_COOKIE, '1');
    await stray.get('/healthz');
    expect(stray.cookies.has(SESSION_HINT_COOKIE)).toBe(false);
  });
});
