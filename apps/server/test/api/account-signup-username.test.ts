import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { AUTH, browser, errorsOf, newPerson } from '../support/accounts.ts';

/** Signup without a username, as allauth's own clients do when usernames are not required. */
let app: TestApp;
let required: TestApp;

beforeAll(async () => {
  app = await startTestApp({ ACCOUNT_EMAIL_VERIFICATION: 'none' });
  required = await startTestApp({ ACCOUNT_EMAIL_VERIFICATION: 'none', ACCOUNT_USERNAME_REQUIRED: 'true' });
});
afterAll(async () => {
  await app.close();
  await required.close();
});

interface SignedUp {
  data: { user: { username: string; email: string } };
}

async function signUpWith(server: TestApp, body: Record<string, string>) {
  return (await browser(server)).post<SignedUp>(`${AUTH}/auth/signup`, body);
}

describe('signup without a username', () => {
  it('derives the username from the local part of the address', async () => {
    const { username } = newPerson('derive');
    const res = await signUpWith(app, { email: `${username}@example.org`, password: newPerson().password });
    expect(res.status).toBe(200);
    expect(res.body.data.user.username).toBe(username);
  });

  it('numbers the name when the local part is already someone’s username', async () => {
    const { username, password } = newPerson('twin');
    const first = await signUpWith(app, { email: `${username}@example.org`, password });
    const second = await signUpWith(app, { email: `${username}@example.net`, password });
    const third = await signUpWith(app, { email: `${username}@example.com`, username: '', password });
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect(first.body.data.user.username).toBe(username);
    expect(second.body.data.user.username).toBe(`${username}2`);
    expect(third.body.data.user.username).toBe(`${username}3`);
    const taken = await signUpWith(app, {
      email: newPerson().email,
      username: `${username}2`,
      password,
    });
    expect(taken.status).toBe(400);
    expect(errorsOf(taken.body)).toEqual([expect.objectContaining({ code: 'username_taken' })]);
  });

  it('folds accents and drops characters usernames cannot hold', async () => {
    const tag = newPerson('x').username;
    const res = await signUpWith(app, {
      email: `Zoë.Smith+${tag}@example.org`,
      password: newPerson().password,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user.username).toBe(`zoe.smith+${tag}`);
  });

  it('still validates a username that is given', async () => {
    const res = await signUpWith(app, { ...newPerson(), username: 'not allowed!' });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toEqual([expect.objectContaining({ param: 'username', code: 'invalid' })]);
  });

  it('asks for one when ACCOUNT_USERNAME_REQUIRED is on', async () => {
    const { email, password } = newPerson();
    const res = await signUpWith(required, { email, password });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toEqual([expect.objectContaining({ param: 'username', code: 'required' })]);
    const named = await signUpWith(required, newPerson());
    expect(named.status).toBe(200);
  });
});

describe('phone login and verification', () => {
  it('stay out: their paths answer allauth’s 404 and config offers no phone login', async () => {
    const client = await browser(app);
    for (const [method, path] of [
      ['POST', '/auth/phone/verify'],
      ['POST', '/auth/phone/verify/resend'],
      ['GET', '/account/phone'],
      ['POST', '/account/phone'],
    ] as const) {
      const res = await client.request(method, `${AUTH}${path}`, method === 'POST' ? { json: {} } : {});
      expect([path, res.status, res.body]).toEqual([path, 404, { status: 404 }]);
    }
    const config = await client.get<{ data: { account: { login_methods: string[] } } }>(`${AUTH}/config`);
    expect(config.body.data.account.login_methods).not.toContain('phone');
  });
});
