import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiToken } from '@voxpad/shared/api-tokens';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { signedUpClient, TestClient } from '../support/http-client.ts';
import { cookieHeader } from '../support/raw-request.ts';
import { toneWav } from '../support/wav.ts';
import {
  audioBlobs,
  createUpload,
  deleteUploadRequest,
  headUpload,
  patchUpload,
  tusMetadata,
  uploadBlobs,
  UPLOADS,
} from '../support/tus.ts';

let server: TestApp;
const MAX = 256 * 1024;
beforeAll(async () => {
  server = await startTestApp({ UPLOAD_MAX_BYTES: String(MAX) });
});
afterAll(async () => {
  await server.close();
});

async function userWithPad() {
  const { client } = await signedUpClient(server.baseUrl);
  const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Notes' })).body;
  return { client, pad };
}

const meta = (padId: string, filename = 'standup.wav', filetype = 'audio/wav') => ({
  pad_id: padId,
  filename,
  filetype,
});

async function uploadRows(): Promise<number> {
  const { count } = await server.db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

async function noteAudio(client: TestClient, padId: string, noteId: string): Promise<Buffer> {
  const note = (await client.get<VoiceNote>(`/api/v1/pad/${padId}/voicenote/${noteId}/`)).body;
  const res = await fetch(server.baseUrl + note.audio_url, {
    headers: { cookie: cookieHeader(client.cookies) },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('resumable uploads (tus)', () => {
  it('creates an upload, takes it in pieces, tells the offset and files the voice note', async () => {
    const { client, pad } = await userWithPad();
    const wav = toneWav(3);

    const created = await createUpload(client, wav.length, meta(pad.id));
    expect(created.status).toBe(201);
    expect(created.headers.get('tus-resumable')).toBe('1.0.0');
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/v1\/uploads\/[0-9a-z]{26}\/$/);
    expect(created.headers.get('upload-expires')).toBeTruthy();
    expect(created.headers.get('access-control-allow-origin')).toBeNull();

    const head0 = await headUpload(client, location);
    expect(head0.status).toBe(200);
    expect(head0.headers.get('upload-offset')).toBe('0');
    expect(head0.headers.get('upload-length')).toBe(String(wav.length));
    expect(head0.headers.get('cache-control')).toBe('no-store');

    const cuts = [0, 20_000, 61_000, wav.length];
    for (let i = 0; i < cuts.length - 1; i++) {
      const piece = wav.subarray(cuts[i], cuts[i + 1]);
      const patched = await patchUpload(client, location, cuts[i]!, piece);
      expect(patched.status).toBe(204);
      expect(patched.headers.get('upload-offset')).toBe(String(cuts[i + 1]));
      if (i < cuts.length - 2) {
        expect(patched.headers.get('voxpad-voice-note-id')).toBeNull();
        const head = await headUpload(client, location);
        expect(head.headers.get('upload-offset')).toBe(String(cuts[i + 1]));
        expect((await uploadBlobs(server.storage)).length).toBe(i + 1);
      } else {
        const noteId = patched.headers.get('voxpad-voice-note-id');
        expect(noteId).toMatch(/^[0-9a-z]{26}$/);
        const note = (await client.get<VoiceNote>(`/api/v1/pad/${pad.id}/voicenote/${noteId}/`)).body;
        expect(note).toMatchObject({
          pad_id: pad.id,
          title: 'standup',
          status: 'pending',
          content_type: 'audio/wav',
          size_bytes: wav.length,
          duration_seconds: 3,
        });
        expect((await noteAudio(client, pad.id, noteId!)).equals(wav)).toBe(true);
      }
    }
    // Filed: the parts and the record are gone.
    expect(await uploadBlobs(server.storage)).toEqual([]);
    expect((await headUpload(client, location)).status).toBe(404);
  });

  it('refuses an upload larger than the limit before storing any byte', async () => {
    const { client, pad } = await userWithPad();
    const rowsBefore = await uploadRows();
    const res = await createUpload(client, MAX + 1, meta(pad.id));
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body).toMatchObject({
      status: 413,
      errors: [{ code: 'payload_too_large', message: expect.stringContaining('too large') as string }],
    });
    expect(res.headers.get('location')).toBeNull();
    expect(await uploadRows()).toBe(rowsBefore);
    expect(await uploadBlobs(server.storage)).toEqual([]);
  });

  it('refuses a declared type that is not audio (415) with the accepted formats', async () => {
    const { client, pad } = await userWithPad();
    const res = await createUpload(client, 1000, meta(pad.id, 'notes.txt', 'text/plain'));
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      status: 415,
      errors: [{ code: 'unsupported_media_type', message: expect.stringContaining('WAV') as string }],
    });
  });

  it('sniffs the first bytes at the first PATCH and removes an upload that is not audio', async () => {
    const { client, pad } = await userWithPad();
    const text = Buffer.alloc(100_000, 'this is not audio at all. ');
    const created = await createUpload(client, text.length, meta(pad.id, 'talk.wav'));
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const patched = await patchUpload(client, location, 0, text.subarray(0, 40_000));
    expect(patched.status).toBe(415);
    expect(patched.body).toMatchObject({
      status: 415,
      errors: [
        { code: 'unsupported_media_type', message: expect.stringMatching(/not a recording/) as string },
      ],
    });
    expect((await headUpload(client, location)).status).toBe(404);
    expect(await uploadBlobs(server.storage)).toEqual([]);
  });

  it('waits for enough bytes to sniff when the first PATCH is small', async () => {
    const { client, pad } = await userWithPad();
    const wav = toneWav(2);
    const location = (await createUpload(client, wav.length, meta(pad.id))).headers.get('location')!;
    expect((await patchUpload(client, location, 0, wav.subarray(0, 100))).status).toBe(204);
    const row = await server.db.selectFrom('uploads').selectAll().executeTakeFirstOrThrow();
    expect(row.audio_checked).toBe(0);
    expect((await patchUpload(client, location, 100, wav.subarray(100, 30_000))).status).toBe(204);
    const checked = await server.db
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(checked.audio_checked).toBe(1);
    expect(await deleteUploadRequest(client, location)).toMatchObject({ status: 204 });
  });

  it('answers 404 for another user’s upload on HEAD, PATCH and DELETE', async () => {
    const alice = await userWithPad();
    const bob = await userWithPad();
    const wav = toneWav(2);
    const location = (await createUpload(alice.client, wav.length, meta(alice.pad.id))).headers.get(
      'location',
    )!;
    expect((await patchUpload(alice.client, location, 0, wav.subarray(0, 20_000))).status).toBe(204);

    const head = await headUpload(bob.client, location);
    expect(head.status).toBe(404);
    expect(head.headers.get('upload-offset')).toBeNull();
    const patch = await patchUpload(bob.client, location, 20_000, wav.subarray(20_000));
    expect(patch.status).toBe(404);
    expect(patch.body).toMatchObject({ status: 404, errors: [{ code: 'not_found' }] });
    expect((await deleteUploadRequest(bob.client, location)).status).toBe(404);

    // Alice's upload is untouched and finishes.
    expect((await headUpload(alice.client, location)).headers.get('upload-offset')).toBe('20000');
    const done = await patchUpload(alice.client, location, 20_000, wav.subarray(20_000));
    expect(done.status).toBe(204);
    expect(done.headers.get('voxpad-voice-note-id')).toBeTruthy();
  });

  it('files only into the caller’s own pad', async () => {
    const alice = await userWithPad();
    const bob = await userWithPad();
    const res = await createUpload(bob.client, 1000, meta(alice.pad.id));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ errors: [{ message: 'This pad was not found.' }] });
  });

  it('requires pad_id, filename and filetype, naming what is missing', async () => {
    const { client, pad } = await userWithPad();
    const res = await createUpload(client, 1000, { pad_id: pad.id });
    expect(res.status).toBe(400);
    const params = (res.body as { errors: { param: string }[] }).errors.map((e) => e.param).sort();
    expect(params).toEqual(['filename', 'filetype']);
    const noLength = await client.request('POST', UPLOADS, {
      headers: { 'tus-resumable': '1.0.0', 'upload-metadata': tusMetadata(meta(pad.id)) },
    });
    expect(noLength.status).toBe(400);
    expect(noLength.body).toMatchObject({ errors: [{ param: 'Upload-Length' }] });
  });

  it('terminates an upload with DELETE and removes its parts', async () => {
    const { client, pad } = await userWithPad();
    const wav = toneWav(2);
    const location = (await createUpload(client, wav.length, meta(pad.id))).headers.get('location')!;
    await patchUpload(client, location, 0, wav.subarray(0, 30_000));
    expect((await uploadBlobs(server.storage)).length).toBe(1);
    expect((await deleteUploadRequest(client, location)).status).toBe(204);
    expect(await uploadBlobs(server.storage)).toEqual([]);
    expect((await headUpload(client, location)).status).toBe(404);
  });

  it('answers 409 when a PATCH is not at the stored offset', async () => {
    const { client, pad } = await userWithPad();
    const wav = toneWav(2);
    const location = (await createUpload(client, wav.length, meta(pad.id))).headers.get('location')!;
    await patchUpload(client, location, 0, wav.subarray(0, 30_000));
    const res = await patchUpload(client, location, 10_000, wav.subarray(10_000, 40_000));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ status: 409, errors: [{ code: 'upload_offset_conflict' }] });
    expect((await headUpload(client, location)).headers.get('upload-offset')).toBe('30000');
    await deleteUploadRequest(client, location);
  });

  it('refuses at the first PATCH a WAV whose header declares it too long', async () => {
    const { client, pad } = await userWithPad();
    const wav = toneWav(1);
    wav.writeUInt32LE(2 ** 31, 40); // the data chunk declares about 18 hours
    const location = (await createUpload(client, wav.length, meta(pad.id))).headers.get('location')!;
    const res = await patchUpload(client, location, 0, wav.subarray(0, 20_000));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: [{ code: 'duration_too_long', param: 'file' }] });
    expect(await uploadBlobs(server.storage)).toEqual([]);
    expect((await headUpload(client, location)).status).toBe(404);
  });

  it('answers 410 for an upload past its expiry', async () => {
    const { client, pad } = await userWithPad();
    const location = (await createUpload(client, 50_000, meta(pad.id))).headers.get('location')!;
    const id = location.split('/').at(-2)!;
    await server.db
      .updateTable('uploads')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', id)
      .execute();
    const head = await headUpload(client, location);
    expect(head.status).toBe(410);
    const patch = await patchUpload(client, location, 0, toneWav(1));
    expect(patch.status).toBe(410);
    expect(patch.body).toMatchObject({ status: 410, errors: [{ code: 'upload_expired' }] });
    expect((await deleteUploadRequest(client, location)).status).toBe(204);
  });

  it('needs a login or an API token, and the CSRF header on unsafe methods', async () => {
    const { client, pad } = await userWithPad();
    const anonymous = new TestClient(server.baseUrl);
    await anonymous.prime();
    const refused = await createUpload(anonymous, 1000, meta(pad.id));
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ status: 401, errors: [{ code: 'not_authenticated' }] });

    client.sendCsrf = false;
    const noCsrf = await createUpload(client, 1000, meta(pad.id));
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body).toMatchObject({ errors: [{ code: 'csrf_failed' }] });
    client.sendCsrf = true;

    // A script with a personal API token and no session needs no CSRF pair: no browser sends
    // an Authorization header by itself (http/csrf.ts).
    const token = (await client.post<CreatedApiToken>('/api/v1/tokens/', { name: 'recorder' })).body.token;
    const script = new TestClient(server.baseUrl);
    script.sendCsrf = false;
    script.defaultHeaders.authorization = `Bearer ${token}`;
    const wav = toneWav(1);
    const created = await createUpload(script, wav.length, meta(pad.id, 'script.wav'));
    expect(created.status).toBe(201);
    const done = await patchUpload(script, created.headers.get('location')!, 0, wav);
    expect(done.status).toBe(204);
    const noteId = done.headers.get('voxpad-voice-note-id')!;
    expect((await client.get<VoiceNote>(`/api/v1/pad/${pad.id}/voicenote/${noteId}/`)).status).toBe(200);

    script.defaultHeaders.authorization = 'Bearer vxp_not-a-real-token-000000000000000000000';
    expect((await createUpload(script, 1000, meta(pad.id))).status).toBe(401);

    // With a session cookie, a bearer header does not lift the CSRF check.
    client.sendCsrf = false;
    client.defaultHeaders.authorization = `Bearer ${token}`;
    const cookieAndBearer = await createUpload(client, 1000, meta(pad.id));
    expect(cookieAndBearer.status).toBe(403);
    delete client.defaultHeaders.authorization;
    client.sendCsrf = true;
  });

  it('keeps the bytes of a PATCH cut off part-way and resumes after them', async () => {
    const { client, pad } = await userWithPad();
    const wav = toneWav(4);
    const location = (await createUpload(client, wav.length, meta(pad.id))).headers.get('location')!;

    const sent = 80_000;
    await new Promise<void>((resolve) => {
      const req = http.request(server.baseUrl + location, {
        method: 'PATCH',
        headers: {
          cookie: cookieHeader(client.cookies),
          'x-csrftoken': client.cookies.get('csrftoken')!,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(wav.length),
        },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(wav.subarray(0, sent), () => {
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 500);
      });
    });

    let offset = 0;
    for (let i = 0; i < 50 && offset === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      offset = Number((await headUpload(client, location)).headers.get('upload-offset'));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(sent);

    const done = await patchUpload(client, location, offset, wav.subarray(offset));
    expect(done.status).toBe(204);
    const noteId = done.headers.get('voxpad-voice-note-id')!;
    expect((await noteAudio(client, pad.id, noteId)).equals(wav)).toBe(true);
    expect(await uploadBlobs(server.storage)).toEqual([]);
  });
});

describe('expiry and quotas', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({
      UPLOAD_EXPIRY_HOURS: String(2 / 3600),
      QUOTA_STORAGE_BYTES: String(100_000),
      MAX_DURATION_SECONDS: '1',
    });
  });
  afterAll(async () => {
    await small.close();
  });

  it('removes an abandoned upload and its parts once it expires', async () => {
    const { client } = await signedUpClient(small.baseUrl);
    const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Notes' })).body;
    const wav = toneWav(1);
    const location = (await createUpload(client, wav.length, meta(pad.id))).headers.get('location')!;
    expect((await patchUpload(client, location, 0, wav.subarray(0, 20_000))).status).toBe(204);
    expect((await uploadBlobs(small.storage)).length).toBe(1);

    let parts = 1;
    for (let i = 0; i < 100 && parts > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      parts = (await uploadBlobs(small.storage)).length;
    }
    expect(parts).toBe(0);
    const rows = await small.db.selectFrom('uploads').select('id').execute();
    expect(rows).toEqual([]);
    expect((await headUpload(client, location)).status).toBe(404);
  });

  it('applies the storage quota when the upload is created', async () => {
    const { client } = await signedUpClient(small.baseUrl);
    const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Notes' })).body;
    const res = await createUpload(client, 150_000, meta(pad.id));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ status: 403, errors: [{ code: 'storage_quota_exceeded' }] });
    expect(await uploadBlobs(small.storage)).toEqual([]);
    expect(await audioBlobs(small.storage)).toEqual([]);
  });

  it('ends with the filing’s refusal at the last PATCH, and keeps nothing', async () => {
    const { client } = await signedUpClient(small.baseUrl);
    const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Notes' })).body;
    // A streamed WAV: its header leaves the length open, so only the whole file tells it is 2 s.
    const wav = toneWav(2);
    wav.writeUInt32LE(0xffffffff, 40);
    const location = (await createUpload(client, wav.length, meta(pad.id))).headers.get('location')!;
    expect((await patchUpload(client, location, 0, wav.subarray(0, 40_000))).status).toBe(204);
    const res = await patchUpload(client, location, 40_000, wav.subarray(40_000));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      status: 400,
      errors: [{ code: 'duration_too_long', message: expect.stringContaining('limit') as string }],
    });
    expect(res.headers.get('voxpad-voice-note-id')).toBeNull();
    expect(await uploadBlobs(small.storage)).toEqual([]);
    expect(await audioBlobs(small.storage)).toEqual([]);
    expect((await headUpload(client, location)).status).toBe(404);
  });
});
