import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { ConfigError, loadConfig } from '../../src/config/config.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/http-client.ts';
import { verificationKeyIn } from '../support/mailbox.ts';
import { AUTH, ageRateLimits, browser, newPerson, verifiedAccount, errorsOf } from '../support/accounts.ts';

/**
 * allauth's default rate limits, counted in the database. The app trusts X-Forwarded-For here
 * so each test can act from its own addresses (TEST-NET ranges; nothing is sent to them).
 */
let server: TestApp;
let nextIp = 1;
const ip = () => `198.51.100.${nextIp++}`;

beforeAll(async () => {
  server = await startTestApp({ ACCOUNT_RATE_LIMITS: 'default', TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await server.close();
});

const tooManyRequests = { status: 429 };
const tooManyAttempts = {
  status: 400,
  errors: [{ code: 'too_many_login_attempts', message: 'Too many failed login attempts. Try again later.' }],
};

async function times<T>(n: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(await fn(i));
  return out;
}

describe('login: 30 per minute per IP', () => {
  it('answers the 31st attempt with a JSON 429, for that IP only, until the minute has passed', async () => {
    const client = await browser(server, ip());
    const answers = await times(30, (i) =>
      client.post(`${AUTH}/auth/login`, { username: `someone${i}`, password: 'whatever it is' }),
    );
    expect(answers.every((a) => a.status === 400)).toBe(true);
    const blocked = await client.post(`${AUTH}/auth/login`, {
      username: 'someone',
      password: 'whatever it is',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('content-type')).toMatch(/application\/json/);
    expect(blocked.body).toEqual(tooManyRequests);

    const other = await browser(server, ip());
    expect((await other.post(`${AUTH}/auth/login`, { username: 'someone', password: 'x' })).status).toBe(400);

    await ageRateLimits(server, 61_000);
    expect((await client.post(`${AUTH}/auth/login`, { username: 'someone', password: 'x' })).status).toBe(
      400,
    );
  });
});

describe('failed logins: 5 per 5 minutes per account', () => {
  it('locks the account after five failures, even for the right password and from other IPs', async () => {
    const { username, password } = await verifiedAccount(server, ip());
    for (let i = 0; i < 5; i++) {
      const res = await (
        await browser(server, ip())
      ).post(`${AUTH}/auth/login`, { username, password: 'wrong one' });
      expect(errorsOf(res.body)[0]?.code).toBe('username_password_mismatch');
    }
    const locked = await (await browser(server, ip())).post(`${AUTH}/auth/login`, { username, password });
    expect(locked.body).toEqual(tooManyAttempts);
    // The typed identifier is counted, so another spelling of the same name is locked too.
    const upper = await (
      await browser(server, ip())
    ).post(`${AUTH}/auth/login`, {
      username: username.toUpperCase(),
      password,
    });
    expect(upper.body).toEqual(tooManyAttempts);

    const bystander = await verifiedAccount(server, ip());
    const other = await (
      await browser(server, ip())
    ).post(`${AUTH}/auth/login`, {
      username: bystander.username,
      password: bystander.password,
    });
    expect(other.status).toBe(200);

    await ageRateLimits(server, 5 * 60_000 + 1000);
    expect(
      (await (await browser(server, ip())).post(`${AUTH}/auth/login`, { username, password })).status,
    ).toBe(200);
  });

  it('forgets earlier failures after a successful login', async () => {
    const { username, password } = await verifiedAccount(server, ip());
    const client = await browser(server, ip());
    for (let i = 0; i < 4; i++) await client.post(`${AUTH}/auth/login`, { username, password: 'wrong one' });
    expect((await client.post(`${AUTH}/auth/login`, { username, password })).status).toBe(200);
    await client.delete(`${AUTH}/auth/session`);
    for (let i = 0; i < 4; i++) await client.post(`${AUTH}/auth/login`, { username, password: 'wrong one' });
    expect((await client.post(`${AUTH}/auth/login`, { username, password })).status).toBe(200);
  });

  it('also stops one IP after ten failures across accounts', async () => {
    const client = await browser(server, ip());
    await times(10, (i) =>
      client.post(`${AUTH}/auth/login`, { username: `guess${i}x`, password: 'wrong one' }),
    );
    const res = await client.post(`${AUTH}/auth/login`, { username: 'guess-next', password: 'wrong one' });
    expect(res.body).toEqual(tooManyAttempts);
  });
});

describe('signup: 20 per minute per IP', () => {
  it('answers the 21st signup from an IP with 429', async () => {
    const client = await browser(server, ip());
    await times(20, () =>
      client.post(`${AUTH}/auth/signup`, { email: 'bad', username: 'bad name!', password: '1' }),
    );
    const res = await client.post(`${AUTH}/auth/signup`, newPerson());
    expect(res.status).toBe(429);
    expect(res.body).toEqual(tooManyRequests);
  });
});

describe('password reset requests: 5 per minute per address, 20 per IP', () => {
  it('answers the 6th request for an address with 429, alike for unknown addresses', async () => {
    const { email } = await verifiedAccount(server, ip());
    const unknown = newPerson('nobody').email;
    for (const address of [email, unknown]) {
      const answers = await times(5, async () =>
        (await browser(server, ip())).post(`${AUTH}/auth/password/request`, { email: address }),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      const sixth = await (
        await browser(server, ip())
      ).post(`${AUTH}/auth/password/request`, { email: address });
      expect(sixth.status).toBe(429);
      expect(sixth.body).toEqual(tooManyRequests);
    }
    const other = await (
      await browser(server, ip())
    ).post(`${AUTH}/auth/password/request`, {
      email: newPerson().email,
    });
    expect(other.status).toBe(200);
    await ageRateLimits(server, 61_000);
    expect(
      (await (await browser(server, ip())).post(`${AUTH}/auth/password/request`, { email })).status,
    ).toBe(200);
  });

  it('answers the 21st request from one IP with 429', async () => {
    const client = await browser(server, ip());
    await times(20, () => client.post(`${AUTH}/auth/password/request`, { email: newPerson().email }));
    const res = await client.post(`${AUTH}/auth/password/request`, { email: newPerson().email });
    expect(res.status).toBe(429);
  });
});

describe('password reset with a key: 20 per minute per IP', () => {
  it('answers the 21st attempt with 429', async () => {
    const client = await browser(server, ip());
    const answers = await times(20, () =>
      client.post(`${AUTH}/auth/password/reset`, { key: 'guess', password: 'x' }),
    );
    expect(answers.every((a) => a.status === 400)).toBe(true);
    const res = await client.post(`${AUTH}/auth/password/reset`, { key: 'guess', password: 'x' });
    expect(res.status).toBe(429);
    expect(res.body).toEqual(tooManyRequests);
  });
});

describe('login code requests: 3 per minute per address', () => {
  it('refuses the 4th request as allauth does (400 on the address), alike for unknown ones', async () => {
    const { email } = await verifiedAccount(server, ip());
    for (const address of [email, newPerson('nobody').email]) {
      const answers = await times(3, async () =>
        (await browser(server, ip())).post(`${AUTH}/auth/code/request`, { email: address }),
      );
      expect(answers.map((a) => a.status)).toEqual([401, 401, 401]);
      const fourth = await (
        await browser(server, ip())
      ).post(`${AUTH}/auth/code/request`, { email: address });
      expect(fourth.status).toBe(400);
      expect(fourth.body).toEqual({
        status: 400,
        errors: [
          {
            param: 'email',
            code: 'too_many_login_attempts',
            message: 'Too many failed login attempts. Try again later.',
          },
        ],
      });
    }
  });
});

describe('confirmation mails: one per 3 minutes per address', () => {
  it('refuses a resend right after signup with 429, and sends after the pause', async () => {
    const person = newPerson();
    const client = await browser(server, ip());
    await client.post(`${AUTH}/auth/signup`, person);
    await server.mailbox.waitFor(person.email);
    const early = await client.post(`${AUTH}/auth/email/verify/resend`);
    expect(early.status).toBe(429);
    expect(early.body).toEqual(tooManyRequests);

    await ageRateLimits(server, 3 * 60_000 + 1000);
    const later = await client.post(`${AUTH}/auth/email/verify/resend`);
    expect(later.status).toBe(200);
    const key = verificationKeyIn(await server.mailbox.waitFor(person.email, { after: 1 }));
    expect((await client.post(`${AUTH}/auth/email/verify`, { key })).status).toBe(200);
  });

  it('does not mail again when an unconfirmed account logs in within the pause', async () => {
    const person = newPerson();
    await (await browser(server, ip())).post(`${AUTH}/auth/signup`, person);
    await server.mailbox.waitFor(person.email);
    const login = await (
      await browser(server, ip())
    ).post(`${AUTH}/auth/login`, {
      username: person.username,
      password: person.password,
    });
    expect(login.status).toBe(401);
    await server.mail!.drain();
    expect(server.mailbox.for(person.email)).toHaveLength(1);

    await ageRateLimits(server, 3 * 60_000 + 1000);
    await (
      await browser(server, ip())
    ).post(`${AUTH}/auth/login`, { username: person.username, password: person.password });
    await server.mailbox.waitFor(person.email, { after: 1 });
  });
});

describe('limits shared by several server processes', () => {
  it('counts requests to any process on the same database', async () => {
    const second = await buildApp(server.config);
    await second.app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const address = second.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      const address2 = `http://127.0.0.1:${address.port}`;
      const from = ip();
      const email = newPerson('shared').email;
      const first = await browser(server, from);
      const other = new TestClient(address2);
      other.defaultHeaders['x-forwarded-for'] = from;
      await other.prime();
      await times(3, () => first.post(`${AUTH}/auth/password/request`, { email }));
      await times(2, () => other.post(`${AUTH}/auth/password/request`, { email }));
      expect((await other.post(`${AUTH}/auth/password/request`, { email })).status).toBe(429);
      expect((await first.post(`${AUTH}/auth/password/request`, { email })).status).toBe(429);
    } finally {
      await second.app.close();
    }
  });
});

describe('ACCOUNT_RATE_LIMITS', () => {
  const base = { DATA_DIR: '/tmp/voxpad-config-test', NODE_ENV: 'test' };

  it('overrides single actions and can switch every limit off', () => {
    const custom = loadConfig({ ...base, ACCOUNT_RATE_LIMITS: 'login=2/10s/ip;signup=' });
    expect(custom.accounts.rateLimits.login).toEqual([{ amount: 2, durationMs: 10_000, per: 'ip' }]);
    expect(custom.accounts.rateLimits.signup).toEqual([]);
    expect(custom.accounts.rateLimits.login_failed).toEqual([
      { amount: 10, durationMs: 60_000, per: 'ip' },
      { amount: 5, durationMs: 300_000, per: 'key' },
    ]);
    const off = loadConfig({ ...base, ACCOUNT_RATE_LIMITS: 'off' });
    expect(Object.values(off.accounts.rateLimits).every((rates) => rates.length === 0)).toBe(true);
  });

  it('names what is wrong in a malformed setting', () => {
    expect(() => loadConfig({ ...base, ACCOUNT_RATE_LIMITS: 'logins=5/m' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ACCOUNT_RATE_LIMITS: 'login=five a minute' })).toThrow(
      /ACCOUNT_RATE_LIMITS/,
    );
  });
});
