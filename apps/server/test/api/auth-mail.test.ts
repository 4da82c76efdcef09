import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/http-client.ts';
import { AUTH, browser, newPerson } from '../support/accounts.ts';
import { composeMail } from '../../src/email/templates/compose-mail.ts';

describe('mails sent over SMTP', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp({
      PUBLIC_URL: 'https://notes.example.org',
      MAIL_FROM: 'Voxpad <hello@example.org>',
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('carry a plain-text and an HTML body, from MAIL_FROM, linking only to PUBLIC_URL', async () => {
    const person = newPerson();
    const stranger = newPerson('nobody').email;
    await (await browser(server)).post(`${AUTH}/auth/signup`, person);
    await (await browser(server)).post(`${AUTH}/auth/password/request`, { email: stranger });
    const mails = [await server.mailbox.waitFor(person.email), await server.mailbox.waitFor(stranger)];
    expect(mails.length).toBeGreaterThanOrEqual(2);
    for (const mail of mails) {
      expect(mail.from).toMatch(/^"?Voxpad"? <hello@example.org>$/);
      expect(mail.subject).toMatch(/^\[Voxpad\] /);
      expect(mail.text.length).toBeGreaterThan(0);
      expect(mail.html).toContain('<html>');
      // No tracking pixels, remote images or redirecting links.
      expect(mail.html).not.toMatch(/<img|url\(|src=/i);
      const links = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link).toMatch(/^https:\/\/notes\.example\.org\/auth\/[\w/.-]+$/);
    }
    expect(mails[0]!.text).toContain('https://notes.example.org/auth/verify/');
  });

  it('escape what they quote in the HTML body', () => {
    const mail = composeMail('a@example.org', 'Test', [
      { text: '<script>alert(1)</script> & "quotes"' },
      { link: 'https://notes.example.org/auth/verify/a"b', label: 'Go' },
    ]);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect(mail.html).toContain('href="https://notes.example.org/auth/verify/a&quot;b"');
    expect(mail.text).toContain('<script>alert(1)</script>');
  });
});

describe('without SMTP_URL: the local outbox', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp({ SMTP_URL: '' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('writes each mail as an .eml file and lists it at /api/v1/dev/outbox/ for loopback clients', async () => {
    const person = newPerson();
    await (await browser(server)).post(`${AUTH}/auth/signup`, person);
    await server.mail!.drain();
    const dir = path.join(server.dataDir, 'outbox');
    const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = await fs.readFile(path.join(dir, files[0]!), 'utf8');
    expect(eml).toMatch(/^Subject: \[Voxpad\] Please Confirm Your Email Address$/m);
    expect(eml).toContain(`To: ${person.email}`);
    expect(eml).toMatch(/multipart\/alternative/);

    const res = await new TestClient(server.baseUrl).get('/api/v1/dev/outbox/');
    expect(res.status).toBe(200);
    const listed = (res.body as { data: { to: string; subject: string; text: string }[] }).data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      to: person.email,
      subject: '[Voxpad] Please Confirm Your Email Address',
    });
    expect(listed[0]!.text).toContain(`${server.baseUrl}/auth/verify/`);
    expect(server.mailbox.received).toHaveLength(0);
  });
});

describe('without SMTP_URL: the links in the console', () => {
  const logged: string[] = [];
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(
      { SMTP_URL: '', LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => void logged.push(line) } },
    );
  });
  afterAll(async () => {
    await server.close();
  });

  it('prints the confirmation link plainly, and it confirms the first account', async () => {
    const person = newPerson();
    const client = await browser(server);
    const signup = await client.post(`${AUTH}/auth/signup`, person);
    expect(signup.status).toBe(401);
    await server.mail!.drain();
    const line = logged
      .map((text) => JSON.parse(text) as { msg: string; to?: string; links?: string[] })
      .find((entry) => entry.to === person.email);
    expect(line?.msg).toContain('No SMTP_URL set, so this mail was not sent');
    const link = /(http:\/\/\S+\/auth\/verify\/\S+)$/.exec(line!.msg)?.[1];
    expect(link, line!.msg).toMatch(new RegExp(`^${server.baseUrl}/auth/verify/[\\w.:-]+$`));
    expect(line!.links).toEqual([link]);
    // The same link the mail holds, not its quoted-printable form, and it works.
    const [entry] = (
      await new TestClient(server.baseUrl).get<{ data: { text: string }[] }>('/api/v1/dev/outbox/')
    ).body.data;
    expect(entry!.text).toContain(link);
    const key = decodeURIComponent(link!.split('/auth/verify/')[1]!);
    // Opened in the browser that signed up, it logs the new account in.
    const verified = await client.post(`${AUTH}/auth/email/verify`, { key });
    expect(verified.status).toBe(200);
  });
});

describe('the dev outbox endpoint', () => {
  it('does not exist in production unless DEV_OUTBOX=true', async () => {
    const live = { SMTP_URL: '', NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1' };
    const production = await startTestApp(live);
    const opted = await startTestApp({ ...live, DEV_OUTBOX: 'true' });
    try {
      const res = await new TestClient(production.baseUrl).get('/api/v1/dev/outbox/');
      expect(res.status).toBe(404);
      expect((await new TestClient(opted.baseUrl).get('/api/v1/dev/outbox/')).status).toBe(200);
    } finally {
      await production.close();
      await opted.close();
    }
  });

  it('answers 404 to clients that are not on this machine', async () => {
    const proxied = await startTestApp({ SMTP_URL: '', TRUST_PROXY: 'true' });
    try {
      const remote = new TestClient(proxied.baseUrl);
      remote.defaultHeaders['x-forwarded-for'] = '203.0.113.9';
      const res = await remote.get('/api/v1/dev/outbox/');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status: 404, errors: [{ code: expect.any(String) }] });
    } finally {
      await proxied.close();
    }
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('a mail server that is down', () => {
  it('changes no answer: failures are logged after the response, never sent to the caller', async () => {
    const down = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    try {
      const person = newPerson();
      const signup = await (await browser(down)).post(`${AUTH}/auth/signup`, person);
      expect(signup.status).toBe(401);
      const reset = await (
        await browser(down)
      ).post(`${AUTH}/auth/password/request`, { email: person.email });
      expect(reset.status).toBe(200);
      const code = await (await browser(down)).post(`${AUTH}/auth/code/request`, { email: person.email });
      expect(code.status).toBe(401);
      await down.mail!.drain();
    } finally {
      await down.close();
    }
  });
});
