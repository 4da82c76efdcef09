import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { errorsOf, pendingFlow, verifiedAccount } from '../support/accounts.ts';
import {
  activateTotp,
  AUTHENTICATORS,
  logInAgain,
  logInWithCode,
  MFA_AUTHENTICATE,
  RECOVERY_CODES,
} from '../support/mfa.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

interface RecoveryCodes {
  data: { type: string; total_code_count: number; unused_code_count: number; unused_codes: string[] };
}

describe('recovery codes', () => {
  it('log in once each: a code used twice is refused, and the list shows only unused ones', async () => {
    const person = await verifiedAccount(app);
    const { recoveryCodes } = await activateTotp(person.client);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const [first] = recoveryCodes;
    const done = await logInWithCode(person.client, person, first!.toUpperCase());
    expect(done.body).toMatchObject({
      data: { methods: [{ method: 'password' }, { method: 'mfa', type: 'recovery_codes' }] },
    });

    const listed = await person.client.get<RecoveryCodes>(RECOVERY_CODES);
    expect(listed.body.data).toMatchObject({
      type: 'recovery_codes',
      total_code_count: 10,
      unused_code_count: 9,
    });
    expect(listed.body.data.unused_codes).toEqual(recoveryCodes.slice(1));
    const summary = await person.client.get<{ data: RecoveryCodes['data'][] }>(AUTHENTICATORS);
    const codesEntry = summary.body.data.find((a) => a.type === 'recovery_codes');
    expect(codesEntry).toMatchObject({ unused_code_count: 9, last_used_at: expect.any(Number) });
    expect(codesEntry).not.toHaveProperty('unused_codes');

    const again = await logInAgain(person.client, person.email, person.password);
    expect(pendingFlow(again.body)).toBe('mfa_authenticate');
    const reused = await person.client.post(MFA_AUTHENTICATE, { code: first });
    expect(reused.status).toBe(400);
    expect(errorsOf(reused.body)).toEqual([expect.objectContaining({ code: 'incorrect_code' })]);
    // Another unused one still works.
    expect((await person.client.post(MFA_AUTHENTICATE, { code: recoveryCodes[1] })).status).toBe(401);
  });

  it('regenerates a fresh set; the old codes stop working', async () => {
    const person = await verifiedAccount(app);
    const { recoveryCodes } = await activateTotp(person.client);
    const fresh = await person.client.post<RecoveryCodes>(RECOVERY_CODES);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toMatchObject({ total_code_count: 10, unused_code_count: 10 });
    expect(fresh.body.data.unused_codes.filter((c) => recoveryCodes.includes(c))).toEqual([]);
    const login = await logInAgain(person.client, person.email, person.password);
    expect(login.status).toBe(401);
    expect((await person.client.post(MFA_AUTHENTICATE, { code: recoveryCodes[0] })).status).toBe(400);
    expect(
      (await person.client.post(MFA_AUTHENTICATE, { code: fresh.body.data.unused_codes[0] })).status,
    ).toBe(401);
  });

  it('cannot be made without a second factor, and are not there to show', async () => {
    const { client } = await verifiedAccount(app);
    const made = await client.post(RECOVERY_CODES);
    expect(made.status).toBe(400);
    expect(errorsOf(made.body)).toEqual([
      expect.objectContaining({
        code: 'cannot_generate_recovery_codes',
        message: expect.stringMatching(/first/),
      }),
    ]);
    expect((await client.get(RECOVERY_CODES)).status).toBe(404);
  });
});
