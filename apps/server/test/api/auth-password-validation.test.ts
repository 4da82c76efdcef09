import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { AUTH, browser, newPerson, errorsOf } from '../support/accounts.ts';
import { commonPasswords } from '../../src/auth/password/common-passwords.ts';

let server: TestApp;

beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await server.close();
});

const tooCommon = { param: 'password', code: 'password_too_common', message: 'This password is too common.' };

describe("Django's CommonPasswordValidator", () => {
  it('ships a list of 20,000 common passwords', () => {
    expect(commonPasswords().size).toBe(20_000);
    expect(commonPasswords().has('password')).toBe(true);
  });

  it('refuses a common password at signup, whatever its case or surrounding spaces', async () => {
    for (const password of ['password123', 'PassWord123', ' qwertyuiop ']) {
      const res = await (await browser(server)).post(`${AUTH}/auth/signup`, { ...newPerson(), password });
      expect(res.status).toBe(400);
      expect(errorsOf(res.body)).toContainEqual(tooCommon);
    }
  });

  it('lets an uncommon password through', async () => {
    const res = await (
      await browser(server)
    ).post(`${AUTH}/auth/signup`, {
      ...newPerson(),
      password: 'seventeen purple elephants',
    });
    expect(res.status).toBe(401);
  });
});
