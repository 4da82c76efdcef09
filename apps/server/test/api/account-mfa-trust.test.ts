import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { AUTH, browser, pendingFlow, verifiedAccount } from '../support/accounts.ts';
import { ageAuthentication, PAST_REAUTHENTICATION_MS } from '../support/account-center.ts';
import { activateTotp, logInAgain, logInWithCode, MFA_REAUTHENTICATE, TOTP } from '../support/mfa.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('trust this browser (allauth’s MFA_TRUST_ENABLED)', () => {
  it('skips the second factor on the trusted browser only, until the second factors change', async () => {
    const person = await verifiedAccount(app);
    const { app: authenticator } = await activateTotp(person.client);
    await logInWithCode(person.client, person, await authenticator.nextCode(), true);
    const cookie = person.client.cookies.get('mfa_trusted');
    expect(cookie).toBeDefined();
    expect(cookie).not.toContain(person.email);

    // The trusted browser goes straight in, with the password alone.
    const trusted = await logInAgain(person.client, person.email, person.password);
    expect(trusted.status).toBe(200);
    // Another browser is still asked.
    const other = await browser(app);
    const elsewhere = await other.post(`${AUTH}/auth/login`, person);
    expect(pendingFlow(elsewhere.body)).toBe('mfa_authenticate');
    // A cookie copied to another account's login vouches for nothing.
    const stranger = await verifiedAccount(app);
    await activateTotp(stranger.client);
    stranger.client.cookies.set('mfa_trusted', cookie!);
    expect(pendingFlow((await logInAgain(stranger.client, stranger.email, stranger.password)).body)).toBe(
      'mfa_authenticate',
    );
    // Nor does an altered one.
    const forged = await browser(app);
    forged.cookies.set('mfa_trusted', `${cookie!.slice(0, -4)}AAAA`);
    expect(pendingFlow((await forged.post(`${AUTH}/auth/login`, person)).body)).toBe('mfa_authenticate');

    // Turning TOTP off and on again (a new secret) ends the trust.
    await ageAuthentication(app, person.client, PAST_REAUTHENTICATION_MS);
    expect(
      (await person.client.post(MFA_REAUTHENTICATE, { code: await authenticator.nextCode() })).status,
    ).toBe(200);
    expect((await person.client.delete(TOTP)).status).toBe(200);
    // With no second factor, the password alone logs in.
    expect((await logInAgain(person.client, person.email, person.password)).status).toBe(200);
    const { app: replacement } = await activateTotp(person.client);
    const afterChange = await logInAgain(person.client, person.email, person.password);
    expect(afterChange.status).toBe(401);
    expect(pendingFlow(afterChange.body)).toBe('mfa_authenticate');
    expect(replacement.secret).not.toBe(authenticator.secret);
  });

  it('keeps asking when the person chose not to trust the browser', async () => {
    const person = await verifiedAccount(app);
    const { app: authenticator } = await activateTotp(person.client);
    await logInWithCode(person.client, person, await authenticator.nextCode(), false);
    expect(person.client.cookies.has('mfa_trusted')).toBe(false);
    const again = await logInAgain(person.client, person.email, person.password);
    expect(pendingFlow(again.body)).toBe('mfa_authenticate');
  });
});
