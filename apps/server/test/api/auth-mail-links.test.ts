import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { AUTH, browser, verifiedAccount } from '../support/accounts.ts';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await server.close();
});

/** POSTs JSON with a Host header of the caller's choosing (fetch does not allow that). */
function postWithHost(path: string, host: string, json: unknown, cookies: Map<string, string>) {
  const url = new URL(path, server.baseUrl);
  const body = JSON.stringify(json);
  return new Promise<number>((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        host,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrftoken': cookies.get('csrftoken') ?? '',
      },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('links in mails', () => {
  it('never point at a host named by the request (no reset-link poisoning)', async () => {
    const { email } = await verifiedAccount(server);
    const client = await browser(server);
    const before = server.mailbox.for(email).length;
    const status = await postWithHost(
      `${AUTH}/auth/password/request`,
      'evil.example',
      { email },
      client.cookies,
    );
    expect(status).toBe(200);
    const mail = await server.mailbox.waitFor(email, { subject: /Password Reset/, after: before });
    expect(mail.text).not.toContain('evil.example');
    expect(mail.text).toContain(`${server.baseUrl}/auth/password/confirm/`);
  });
});
