import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { AUTH, browser, errorsOf, newPerson, pendingFlow, verifiedAccount } from '../support/accounts.ts';
import { verificationKeyIn } from '../support/mailbox.ts';
import {
  createCredential,
  passkeyLogin,
  type CreationEnvelope,
  type MethodsBody,
} from '../support/passkeys.ts';
import { SoftAuthenticator } from '../support/soft-authenticator.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const SIGNUP = `${AUTH}/auth/webauthn/signup`;

/** Starts a passkey signup and confirms the address in the same browser. */
async function verifiedPasskeySignup() {
  const { email } = newPerson('passkey');
  const client = await browser(app);
  const started = await client.post(SIGNUP, { email });
  expect(started.status).toBe(401);
  expect(pendingFlow(started.body)).toBe('verify_email');
  const key = verificationKeyIn(await app.mailbox.waitFor(email, { subject: /Confirm/ }));
  const verified = await client.post(`${AUTH}/auth/email/verify`, { key });
  return { client, email, key, verified };
}

describe('auth/webauthn/signup', () => {
  it('signs up with an email and a passkey, no password', async () => {
    const { client, email, verified } = await verifiedPasskeySignup();
    // allauth: once the address is confirmed, the passkey step is pending, not a session.
    expect(verified.status).toBe(401);
    expect(pendingFlow(verified.body)).toBe('mfa_signup_webauthn');

    const options = await client.get<CreationEnvelope>(SIGNUP);
    expect(options.status).toBe(200);
    expect(options.body.data.creation_options.publicKey).toMatchObject({
      user: { name: email },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const authenticator = new SoftAuthenticator(app.baseUrl);
    const credential = authenticator.create(options.body.data.creation_options.publicKey);
    const done = await client.put<MethodsBody>(SIGNUP, { name: 'Laptop', credential });
    expect(done.status).toBe(200);
    expect(done.body.meta.is_authenticated).toBe(true);
    expect(done.body.data.user.has_usable_password).toBe(false);
    expect(done.body.data.methods).toEqual([
      { method: 'mfa', type: 'webauthn', passwordless: true, at: expect.any(Number) },
    ]);
    const list = await client.get<{ data: { type: string; name?: string }[] }>(
      `${AUTH}/account/authenticators`,
    );
    expect(list.body.data.filter((a) => a.type === 'webauthn')).toEqual([
      expect.objectContaining({ name: 'Laptop', is_passwordless: true }),
    ]);

    // The new account logs in with that passkey from anywhere.
    const elsewhere = await browser(app);
    const login = await passkeyLogin(elsewhere, authenticator);
    expect(login.status).toBe(200);
    expect(login.body.data.user.id).toBe(done.body.data.user.id);
  });

  it('goes on to the passkey when the link was opened on another device', async () => {
    const { email } = newPerson('elsewhere');
    const client = await browser(app);
    expect((await client.post(SIGNUP, { email })).status).toBe(401);
    expect((await client.get(SIGNUP)).status).toBe(409);
    const key = verificationKeyIn(await app.mailbox.waitFor(email, { subject: /Confirm/ }));
    const phone = await browser(app);
    expect((await phone.post(`${AUTH}/auth/email/verify`, { key })).status).toBe(401);
    const credential = await createCredential(client, new SoftAuthenticator(app.baseUrl), SIGNUP);
    const done = await client.put(SIGNUP, { credential });
    expect(done.status).toBe(200);
  });

  it('answers 409 to GET and PUT when no passkey signup is pending, and to POST when logged in', async () => {
    const visitor = await browser(app);
    expect((await visitor.get(SIGNUP)).status).toBe(409);
    expect((await visitor.put(SIGNUP, { credential: {} })).status).toBe(409);
    const { client } = await verifiedAccount(app);
    expect((await client.post(SIGNUP, { email: newPerson().email })).status).toBe(409);
  });

  it('validates the address, and refuses a passkey answer to another challenge', async () => {
    const visitor = await browser(app);
    const invalid = await visitor.post(SIGNUP, { email: 'not an address' });
    expect(invalid.status).toBe(400);
    expect(errorsOf(invalid.body)).toEqual([expect.objectContaining({ param: 'email', code: 'invalid' })]);

    const { client } = await verifiedPasskeySignup();
    const options = await client.get<CreationEnvelope>(SIGNUP);
    const authenticator = new SoftAuthenticator(app.baseUrl);
    const credential = authenticator.create(options.body.data.creation_options.publicKey, {
      challenge: Buffer.from('a challenge the server never gave').toString('base64url'),
    });
    const res = await client.put(SIGNUP, { credential });
    expect(res.status).toBe(400);
    expect(pendingFlow((await client.get(`${AUTH}/auth/session`)).body)).toBe('mfa_signup_webauthn');
  });

  it('answers a taken address exactly like a new one (enumeration prevention)', async () => {
    const { email } = await verifiedAccount(app);
    const visitor = await browser(app);
    const res = await visitor.post(SIGNUP, { email });
    expect(res.status).toBe(401);
    expect(pendingFlow(res.body)).toBe('verify_email');
    // The owner is told by mail; the flow can never reach the passkey step.
    await app.mailbox.waitFor(email, { subject: /Account Already Exists|already/i });
    expect((await visitor.get(SIGNUP)).status).toBe(409);
  });
});
