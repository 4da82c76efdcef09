import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { AUTH, errorsOf, verifiedAccount } from '../support/accounts.ts';
import { ageAuthentication, PAST_REAUTHENTICATION_MS } from '../support/account-center.ts';
import {
  addPasskey,
  createCredential,
  WEBAUTHN_ACCOUNT,
  type CreationEnvelope,
  type PasskeyBody,
} from '../support/passkeys.ts';
import { SoftAuthenticator } from '../support/soft-authenticator.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

interface ListBody {
  data: { type: string; id?: number; name?: string }[];
}

const passkeysIn = (body: ListBody) => body.data.filter((a) => a.type === 'webauthn');

describe('account/authenticators/webauthn', () => {
  it('adds, lists, renames and deletes a passkey', async () => {
    const { client, username } = await verifiedAccount(app);
    const key = new SoftAuthenticator(app.baseUrl);

    const added = await addPasskey(client, key, 'My phone');
    expect(added.status).toBe(200);
    expect(added.body).toEqual({
      status: 200,
      data: {
        type: 'webauthn',
        id: expect.any(Number),
        name: 'My phone',
        is_passwordless: true,
        created_at: expect.any(Number),
        last_used_at: null,
      },
      // allauth's auto_generate_recovery_codes: the first factor brings recovery codes.
      meta: { recovery_codes_generated: true },
    });
    const id = added.body.data.id;

    const listed = await client.get<ListBody>(`${AUTH}/account/authenticators`);
    expect(listed.status).toBe(200);
    expect(passkeysIn(listed.body)).toEqual([expect.objectContaining({ id, name: 'My phone' })]);
    expect(listed.body.data.map((a) => a.type).sort()).toEqual(['recovery_codes', 'webauthn']);

    const renamed = await client.put<PasskeyBody>(WEBAUTHN_ACCOUNT, { id, name: 'Work laptop' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id, name: 'Work laptop' });

    // A second passkey gets allauth's default name and no new recovery codes.
    const second = await addPasskey(client, new SoftAuthenticator(app.baseUrl));
    expect(second.body.data.name).toBe('Backup key');
    expect(second.body.meta).toEqual({ recovery_codes_generated: false });

    const deleted = await client.request('DELETE', WEBAUTHN_ACCOUNT, {
      json: { authenticators: [id, second.body.data.id] },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ status: 200 });
    const after = await client.get<ListBody>(`${AUTH}/account/authenticators`);
    // The recovery codes went with the last factor (allauth's delete_and_cleanup).
    expect(after.body.data).toEqual([]);

    // The row itself is gone, and the secret part never sat in the clear while it was there.
    const rows = await app.db.selectFrom('authenticators').selectAll().execute();
    expect(rows.filter((r) => r.type === 'webauthn' && r.name === 'Work laptop')).toEqual([]);
    expect(username).toBeTruthy();
  });

  it('keeps the public key sealed at rest', async () => {
    const { client } = await verifiedAccount(app);
    const added = await addPasskey(client, new SoftAuthenticator(app.baseUrl), 'Sealed');
    expect(added.status).toBe(200);
    const row = await app.db
      .selectFrom('authenticators')
      .selectAll()
      .where('type', '=', 'webauthn')
      .where('name', '=', 'Sealed')
      .executeTakeFirstOrThrow();
    expect(row.data).toMatch(/^v1\./);
    expect(row.data).not.toContain('publicKey');
  });

  it('offers options for a passkey, or for a plain second factor without `passwordless`', async () => {
    const { client, username, email } = await verifiedAccount(app);
    const key = new SoftAuthenticator(app.baseUrl);
    const passkey = await client.get<CreationEnvelope>(`${WEBAUTHN_ACCOUNT}?passwordless`);
    expect(passkey.status).toBe(200);
    const options = passkey.body.data.creation_options.publicKey;
    expect(options).toMatchObject({
      rp: { id: '127.0.0.1', name: 'Voxpad' },
      user: { name: email, displayName: username },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
    });
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const plain = await client.get<CreationEnvelope>(WEBAUTHN_ACCOUNT);
    expect(plain.body.data.creation_options.publicKey.authenticatorSelection).toMatchObject({
      residentKey: 'discouraged',
      userVerification: 'discouraged',
    });

    // Registered credentials are excluded, so one authenticator is not registered twice.
    const added = await addPasskey(client, key);
    expect(added.status).toBe(200);
    const again = await client.get<CreationEnvelope>(`${WEBAUTHN_ACCOUNT}?passwordless`);
    expect(again.body.data.creation_options.publicKey.excludeCredentials).toEqual([
      expect.objectContaining({ id: key.credentials[0]!.id }),
    ]);
  });

  it('refuses an answer to another challenge, a second use of one, and one from another origin', async () => {
    const { client } = await verifiedAccount(app);
    const key = new SoftAuthenticator(app.baseUrl);

    // No options asked for: there is no challenge to answer.
    const first = await client.get<CreationEnvelope>(`${WEBAUTHN_ACCOUNT}?passwordless`);
    const stale = key.create(first.body.data.creation_options.publicKey);
    const fresh = await createCredential(client, key); // a newer challenge replaces the first
    const wrongChallenge = await client.post(WEBAUTHN_ACCOUNT, { credential: stale });
    expect(wrongChallenge.status).toBe(400);
    expect(errorsOf(wrongChallenge.body)).toEqual([
      {
        param: 'credential',
        code: 'incorrect_code',
        message:
          'The passkey answer does not match this request. Please start again and use your passkey once.',
      },
    ]);
    // That attempt used the challenge up: the right answer now comes too late.
    const late = await client.post(WEBAUTHN_ACCOUNT, { credential: fresh });
    expect(late.status).toBe(400);
    expect(errorsOf(late.body)[0]!.message).toMatch(/expired or was already used/);

    const phishing = new SoftAuthenticator('http://127.0.0.1.evil.example');
    const options = await client.get<CreationEnvelope>(`${WEBAUTHN_ACCOUNT}?passwordless`);
    const fromElsewhere = phishing.create({ ...options.body.data.creation_options.publicKey });
    const refused = await client.post(WEBAUTHN_ACCOUNT, { credential: fromElsewhere });
    expect(refused.status).toBe(400);

    const missing = await client.post(WEBAUTHN_ACCOUNT, { name: 'No credential' });
    expect(missing.status).toBe(400);
    expect(errorsOf(missing.body)).toEqual([
      expect.objectContaining({ param: 'credential', code: 'required' }),
    ]);
    const garbage = await client.post(WEBAUTHN_ACCOUNT, { credential: { id: 'x' } });
    expect(garbage.status).toBe(400);
    expect(errorsOf(garbage.body)).toEqual([
      expect.objectContaining({ param: 'credential', code: 'invalid' }),
    ]);

    const list = await client.get<ListBody>(`${AUTH}/account/authenticators`);
    expect(passkeysIn(list.body)).toEqual([]);
  });

  it('refuses a passkey without user verification when a passkey was asked for', async () => {
    const { client } = await verifiedAccount(app);
    const key = new SoftAuthenticator(app.baseUrl);
    const options = await client.get<CreationEnvelope>(`${WEBAUTHN_ACCOUNT}?passwordless`);
    const credential = key.create(options.body.data.creation_options.publicKey, { userVerified: false });
    const res = await client.post(WEBAUTHN_ACCOUNT, { credential });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]!.message).toMatch(/did not confirm it was you/);
  });

  it('answers 409 to adding while an email address is unverified', async () => {
    const { client } = await verifiedAccount(app);
    expect((await client.post(`${AUTH}/account/email`, { email: 'second@example.org' })).status).toBe(200);
    expect((await client.get(`${WEBAUTHN_ACCOUNT}?passwordless`)).status).toBe(409);
    expect((await client.post(WEBAUTHN_ACCOUNT, { credential: {} })).status).toBe(409);
  });

  it('asks for reauthentication before adding, renaming or deleting once the login is old', async () => {
    const { client } = await verifiedAccount(app);
    const key = new SoftAuthenticator(app.baseUrl);
    const added = await addPasskey(client, key, 'Kept');
    const id = added.body.data.id;
    const credential = await createCredential(client, new SoftAuthenticator(app.baseUrl));
    await ageAuthentication(app, client, PAST_REAUTHENTICATION_MS);

    const attempts = [
      await client.get(`${WEBAUTHN_ACCOUNT}?passwordless`),
      await client.post(WEBAUTHN_ACCOUNT, { credential }),
      await client.put(WEBAUTHN_ACCOUNT, { id, name: 'Stolen' }),
      await client.request('DELETE', WEBAUTHN_ACCOUNT, { json: { authenticators: [id] } }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        meta: { is_authenticated: true },
        data: { flows: expect.arrayContaining([{ id: 'reauthenticate' }]) },
      });
    }
    const list = await client.get<ListBody>(`${AUTH}/account/authenticators`);
    expect(passkeysIn(list.body)).toEqual([expect.objectContaining({ id, name: 'Kept' })]);
  });

  it('never lets one account rename or delete another’s passkey', async () => {
    const owner = await verifiedAccount(app);
    const other = await verifiedAccount(app);
    const added = await addPasskey(owner.client, new SoftAuthenticator(app.baseUrl), 'Owner’s key');
    const id = added.body.data.id;

    const rename = await other.client.put(WEBAUTHN_ACCOUNT, { id, name: 'Mine now' });
    expect(rename.status).toBe(400);
    expect(errorsOf(rename.body)).toEqual([expect.objectContaining({ param: 'id', code: 'invalid_choice' })]);
    const remove = await other.client.request('DELETE', WEBAUTHN_ACCOUNT, { json: { authenticators: [id] } });
    expect(remove.status).toBe(400);
    expect(errorsOf(remove.body)).toEqual([
      expect.objectContaining({ param: 'authenticators', code: 'invalid_choice' }),
    ]);

    const list = await owner.client.get<ListBody>(`${AUTH}/account/authenticators`);
    expect(passkeysIn(list.body)).toEqual([expect.objectContaining({ id, name: 'Owner’s key' })]);
  });

  it('validates renames: a name is required and at most 100 characters', async () => {
    const { client } = await verifiedAccount(app);
    const added = await addPasskey(client, new SoftAuthenticator(app.baseUrl));
    const id = added.body.data.id;
    expect((await client.put(WEBAUTHN_ACCOUNT, { id, name: '' })).status).toBe(400);
    expect((await client.put(WEBAUTHN_ACCOUNT, { id, name: 'x'.repeat(101) })).status).toBe(400);
    const missing = await client.put(WEBAUTHN_ACCOUNT, { name: 'No id' });
    expect(errorsOf(missing.body)).toEqual([expect.objectContaining({ param: 'id', code: 'required' })]);
  });
});
