import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { AUTH, browser, errorsOf, newPerson, verifiedAccount } from '../support/accounts.ts';
import { ageAuthentication, PAST_REAUTHENTICATION_MS } from '../support/account-center.ts';
import type { TestClient } from '../support/http-client.ts';
import { verificationKeyIn } from '../support/mailbox.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

interface Addresses {
  status: number;
  data: { email: string; primary: boolean; verified: boolean }[];
}

const EMAIL = `${AUTH}/account/email`;
const send = (client: TestClient, method: string, json?: unknown) =>
  client.request<Addresses>(method, EMAIL, json === undefined ? {} : { json });

/** Adds an address and follows the link mailed to it, in the same (logged-in) browser. */
async function addVerified(client: TestClient, email: string) {
  expect((await send(client, 'POST', { email })).status).toBe(200);
  const key = verificationKeyIn(await app.mailbox.waitFor(email, { subject: /Confirm/ }));
  expect((await client.post(`${AUTH}/auth/email/verify`, { key })).status).toBe(200);
}

describe('listing and adding addresses', () => {
  it('lists the primary, adds an unverified address and verifies it through the mailed link', async () => {
    const { client, email } = await verifiedAccount(app);
    expect((await send(client, 'GET')).body).toEqual({
      status: 200,
      data: [{ email, primary: true, verified: true }],
    });
    const second = newPerson().email;
    const added = await send(client, 'POST', { email: second });
    expect(added.status).toBe(200);
    expect(added.body.data).toEqual([
      { email, primary: true, verified: true },
      { email: second, primary: false, verified: false },
    ]);
    const mail = await app.mailbox.waitFor(second, { subject: /Confirm/ });
    const check = await client.get(`${AUTH}/auth/email/verify`, {
      'X-Email-Verification-Key': verificationKeyIn(mail),
    });
    expect(check.body).toMatchObject({ data: { email: second } });
    expect((await client.post(`${AUTH}/auth/email/verify`, { key: verificationKeyIn(mail) })).status).toBe(
      200,
    );
    expect((await send(client, 'GET')).body.data[1]).toEqual({
      email: second,
      primary: false,
      verified: true,
    });
  });

  it('refuses an address already on the account, and invalid ones', async () => {
    const { client, email } = await verifiedAccount(app);
    const again = await send(client, 'POST', { email: email.toUpperCase() });
    expect(again.status).toBe(400);
    expect(errorsOf(again.body)).toEqual([
      {
        param: 'email',
        code: 'duplicate_email',
        message: 'This email address is already associated with this account.',
      },
    ]);
    expect(errorsOf((await send(client, 'POST', { email: 'nope' })).body)[0]).toMatchObject({
      code: 'invalid',
    });
  });

  it('answers alike for an address another account holds, and tells its holder instead (no enumeration)', async () => {
    const holder = await verifiedAccount(app);
    const { client, email } = await verifiedAccount(app);
    const free = newPerson().email;
    const before = app.mailbox.for(holder.email).length;

    const taken = await send(client, 'POST', { email: holder.email });
    const added = await send(client, 'POST', { email: free });
    // The same status and the same shape: each address shows as added and unverified.
    expect(taken.status).toBe(200);
    expect(added.status).toBe(200);
    expect(taken.body).toEqual({
      status: 200,
      data: [
        { email, primary: true, verified: true },
        { email: holder.email, primary: false, verified: false },
      ],
    });
    expect(added.body.data.slice(1)).toEqual([
      { email: holder.email, primary: false, verified: false },
      { email: free, primary: false, verified: false },
    ]);

    // The free address gets its link; the holder is told someone tried, and gets no link.
    await app.mailbox.waitFor(free, { subject: /Confirm/ });
    await app.mailbox.waitFor(holder.email, { subject: /Account Already Exists/, after: before });
    // Asking again sends the holder the notice again, never a link this account could use.
    expect((await send(client, 'PUT', { email: holder.email })).status).toBe(200);
    await app.mailbox.waitFor(holder.email, { subject: /Account Already Exists/, after: before + 1 });
    expect(
      app.mailbox
        .for(holder.email)
        .slice(before)
        .map((m) => m.subject),
    ).toEqual([
      expect.stringMatching(/Account Already Exists/),
      expect.stringMatching(/Account Already Exists/),
    ]);
  });

  it('says the address is taken when verification (and so enumeration prevention) is off', async () => {
    const relaxed = await startTestApp({ ACCOUNT_EMAIL_VERIFICATION: 'none' });
    try {
      const owner = newPerson();
      expect((await (await browser(relaxed)).post(`${AUTH}/auth/signup`, owner)).status).toBe(200);
      const client = await browser(relaxed);
      expect((await client.post(`${AUTH}/auth/signup`, newPerson())).status).toBe(200);
      const res = await send(client, 'POST', { email: owner.email });
      expect(errorsOf(res.body)).toEqual([expect.objectContaining({ param: 'email', code: 'email_taken' })]);
    } finally {
      await relaxed.close();
    }
  });

  it('lets only one account verify an address', async () => {
    const first = await verifiedAccount(app);
    const second = await verifiedAccount(app);
    const shared = newPerson().email;
    expect((await send(first.client, 'POST', { email: shared })).status).toBe(200);
    expect((await send(second.client, 'POST', { email: shared })).status).toBe(200);
    await app.mailbox.waitFor(shared, { subject: /Confirm/, after: 1 });
    // Each mail names the account that gave the address.
    const keyFor = (username: string) =>
      verificationKeyIn(app.mailbox.for(shared).find((m) => m.text.includes(`user ${username} `))!);
    const [firstKey, secondKey] = [keyFor(first.username), keyFor(second.username)];
    expect((await second.client.post(`${AUTH}/auth/email/verify`, { key: secondKey })).status).toBe(200);
    const late = await first.client.post(`${AUTH}/auth/email/verify`, { key: firstKey });
    expect(late.status).toBe(400);
    expect(errorsOf(late.body)).toEqual([expect.objectContaining({ code: 'email_taken' })]);
  });

  it('answers 401 to a visitor listing, 409 to one adding', async () => {
    const visitor = await browser(app);
    expect((await send(visitor, 'GET')).status).toBe(401);
    expect((await send(visitor, 'POST', { email: newPerson().email })).status).toBe(409);
  });
});

describe('making an address primary', () => {
  it('refuses an unverified address', async () => {
    const { client } = await verifiedAccount(app);
    const unverified = newPerson().email;
    await send(client, 'POST', { email: unverified });
    const res = await send(client, 'PATCH', { email: unverified, primary: true });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toEqual([
      {
        param: 'email',
        code: 'unverified_primary_email',
        message: 'Your primary email address must be verified.',
      },
    ]);
  });

  it('switches to a verified address, notifies the old one and logs in by the new one', async () => {
    const { client, email, password } = await verifiedAccount(app);
    const next = newPerson().email;
    await addVerified(client, next);
    const res = await send(client, 'PATCH', { email: next, primary: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { email: next, primary: true, verified: true },
      { email, primary: false, verified: true },
    ]);
    const notice = await app.mailbox.waitFor(email, { subject: /Email Changed/ });
    expect(notice.text).toContain(next);
    expect((await client.get(`${AUTH}/auth/session`)).body).toMatchObject({
      data: { user: { email: next } },
    });
    // Both verified addresses log in.
    for (const address of [next, email]) {
      const other = await browser(app);
      expect((await other.post(`${AUTH}/auth/login`, { email: address, password })).status).toBe(200);
    }
  });

  it('needs primary: true and an address of the account', async () => {
    const { client, email } = await verifiedAccount(app);
    const res = await send(client, 'PATCH', { email: newPerson().email });
    expect(errorsOf(res.body)).toEqual([
      expect.objectContaining({ param: 'email', code: 'unknown_email' }),
      expect.objectContaining({ param: 'primary', code: 'required' }),
    ]);
    expect((await send(client, 'PATCH', { email, primary: true })).status).toBe(200);
  });
});

describe('removing an address', () => {
  it('never removes the primary, which is also the last address', async () => {
    const { client, email } = await verifiedAccount(app);
    const res = await send(client, 'DELETE', { email });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toEqual([
      {
        param: 'email',
        code: 'cannot_remove_primary_email',
        message: 'You cannot remove your primary email address.',
      },
    ]);
    const other = newPerson().email;
    await addVerified(client, other);
    expect(errorsOf((await send(client, 'DELETE', { email })).body)[0]!.code).toBe(
      'cannot_remove_primary_email',
    );
    const removed = await send(client, 'DELETE', { email: other });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual([{ email, primary: true, verified: true }]);
    expect(errorsOf((await send(client, 'DELETE', { email: other })).body)[0]!.code).toBe('unknown_email');
  });

  it('kills the verification link of a removed address', async () => {
    const { client } = await verifiedAccount(app);
    const other = newPerson().email;
    await send(client, 'POST', { email: other });
    const key = verificationKeyIn(await app.mailbox.waitFor(other, { subject: /Confirm/ }));
    await send(client, 'DELETE', { email: other });
    expect((await client.post(`${AUTH}/auth/email/verify`, { key })).status).toBe(400);
  });
});

describe('resending a verification mail', () => {
  it('mails an unverified address again and answers 403 for a verified one', async () => {
    const { client, email } = await verifiedAccount(app);
    const other = newPerson().email;
    await send(client, 'POST', { email: other });
    await app.mailbox.waitFor(other, { subject: /Confirm/ });
    expect((await send(client, 'PUT', { email: other })).body).toEqual({ status: 200 });
    await app.mailbox.waitFor(other, { subject: /Confirm/, after: 1 });
    expect((await send(client, 'PUT', { email })).status).toBe(403);
    expect((await send(client, 'PUT', { email: newPerson().email })).status).toBe(400);
  });
});

describe('reauthentication', () => {
  it('asks for the password again once the last login is older than five minutes', async () => {
    const { client, email, password } = await verifiedAccount(app);
    await ageAuthentication(app, client, PAST_REAUTHENTICATION_MS);
    for (const [method, body] of [
      ['POST', { email: newPerson().email }],
      ['PATCH', { email, primary: true }],
      ['DELETE', { email }],
    ] as const) {
      const res = await send(client, method, body);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        data: { flows: [{ id: 'reauthenticate' }], user: { email }, methods: [{ method: 'password' }] },
        meta: { is_authenticated: true },
      });
    }
    // Reading and resending are not sensitive.
    expect((await send(client, 'GET')).status).toBe(200);
    expect((await client.post(`${AUTH}/auth/reauthenticate`, { password })).status).toBe(200);
    expect((await send(client, 'POST', { email: newPerson().email })).status).toBe(200);
  });

  it('still accepts a login just inside the timeout', async () => {
    const { client } = await verifiedAccount(app);
    await ageAuthentication(app, client, 290_000);
    expect((await send(client, 'POST', { email: newPerson().email })).status).toBe(200);
  });
});
