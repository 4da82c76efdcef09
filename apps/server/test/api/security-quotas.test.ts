import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorResponse } from '@voxpad/shared/api-errors';
import { openAiErrorSchema } from '@voxpad/shared/openai-compat';
import type { CreatedApiToken } from '@voxpad/shared/api-tokens';
import type { Pad } from '@voxpad/shared/pads';
import type { Stats } from '@voxpad/shared/stats';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { signedUpClient, type TestClient, type TestResponse } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { toneWav } from '../support/wav.ts';

/**
 * Issue 9, finding 3 (cost abuse): every per-user quota refuses at its limit with the
 * product's error shape, a message a person understands and, for rates, Retry-After; below
 * the limit everything works, and one user's quota never touches another user.
 */
const HOUR_S = 3600;
const NOTE = toneWav(0.5); // 16,044 bytes
const UPLOAD_HEADERS = {
  'content-type': 'audio/wav',
  'content-disposition': 'attachment; filename="recording.wav"',
};

const apps: TestApp[] = [];
async function app(env: Record<string, string>): Promise<TestApp> {
  const started = await startTestApp(env);
  apps.push(started);
  return started;
}
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
});

async function personWithPad(server: TestApp): Promise<{ client: TestClient; pad: Pad }> {
  const { client } = await signedUpClient(server.baseUrl);
  const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Quota' })).body;
  return { client, pad };
}

function upload(client: TestClient, pad: Pad, bytes: Buffer = NOTE) {
  return client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
    body: bytes,
    headers: UPLOAD_HEADERS,
  });
}

/** An upload without Content-Length (chunked), so its size is only learnt while it streams. */
async function chunkedUpload(
  client: TestClient,
  pad: Pad,
  bytes: Buffer,
): Promise<TestResponse<ApiErrorResponse>> {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 4096) controller.enqueue(bytes.subarray(at, at + 4096));
      controller.close();
    },
  });
  const response = await fetch(`${client.baseUrl}/api/v1/pad/${pad.id}/voicenote/`, {
    method: 'POST',
    body,
    duplex: 'half',
    headers: {
      ...UPLOAD_HEADERS,
      accept: 'application/json',
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrftoken': client.cookies.get('csrftoken') ?? '',
    },
  } as RequestInit);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: JSON.parse(text) as ApiErrorResponse,
    text,
  };
}

function expectRateLimited(res: TestResponse<unknown>, message: RegExp, maxSeconds: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  expect(res.body).toMatchObject({ status: 429, errors: [{ code: 'rate_limited', message }] });
  return retryAfter;
}

function expectAccountFull(res: TestResponse<unknown>, code: string, message: RegExp) {
  expect(res.status).toBe(403);
  // Waiting does not help a full account, so no Retry-After invites clients to try again.
  expect(res.headers.get('retry-after')).toBeNull();
  expect(res.body).toMatchObject({ status: 403, errors: [{ code, message }] });
}

/** A 16 kHz mono WAV of exactly `bytes` bytes (an even number). */
const wavOfSize = (bytes: number) => toneWav((bytes - 44) / 2 / 16000);

async function noteCount(client: TestClient): Promise<number> {
  return (await client.get<Stats>('/api/v1/stats/')).body.voice_note_count;
}

describe('uploads per hour', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await app({ QUOTA_UPLOADS_PER_HOUR: '3' });
  });

  it('refuses the upload past the limit with 429 and Retry-After, and not another user', async () => {
    const a = await personWithPad(server);
    for (let i = 0; i < 3; i++) expect((await upload(a.client, a.pad)).status).toBe(201);

    const refused = await upload(a.client, a.pad);
    const retryAfter = expectRateLimited(refused, /3 uploads in the last hour.*Try again in/, HOUR_S);
    // The oldest of the three leaves the window in (just under) an hour.
    expect(retryAfter).toBeGreaterThan(HOUR_S - 60);
    expect(refused.body).toMatchObject({ errors: [{ param: 'file' }] });
    expect(await noteCount(a.client)).toBe(3);

    const b = await personWithPad(server);
    expect((await upload(b.client, b.pad)).status).toBe(201);
  });

  it('counts /v1 transcriptions as uploads', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const token = (await client.post<CreatedApiToken>('/api/v1/tokens/', { name: 'q' })).body.token;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const form = new FormData();
      form.append('file', new Blob([Buffer.from('not audio at all')]), 'x.wav');
      const res = await fetch(`${server.baseUrl}/v1/audio/transcriptions`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(openAiErrorSchema.parse(await res.json()).error).toMatchObject({
          type: 'requests',
          code: 'rate_limit_exceeded',
        });
      } else await res.body?.cancel();
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});

describe('upload bytes per hour', () => {
  let server: TestApp;
  beforeAll(async () => {
    // Room for two notes, not three.
    server = await app({ QUOTA_UPLOAD_BYTES_PER_HOUR: String(2 * NOTE.length + 5000) });
  });

  it('refuses an upload that would pass the hourly bytes, announced or found while streaming', async () => {
    const a = await personWithPad(server);
    expect((await upload(a.client, a.pad)).status).toBe(201);
    expect((await upload(a.client, a.pad)).status).toBe(201);

    // Announced by Content-Length: refused before a byte is read.
    const announced = await upload(a.client, a.pad);
    expectRateLimited(announced, /limited to 36 KB an hour per account.*Try again in/, HOUR_S);
    // Chunked: found out while streaming, and nothing stays.
    const streamed = await chunkedUpload(a.client, a.pad, NOTE);
    expectRateLimited(streamed, /an hour per account/, HOUR_S);
    expect(await noteCount(a.client)).toBe(2);
    // A small one still fits in what is left.
    expect((await upload(a.client, a.pad, toneWav(0.1))).status).toBe(201);

    const b = await personWithPad(server);
    expect((await upload(b.client, b.pad)).status).toBe(201);
  });
});

describe('storage per user', () => {
  let server: TestApp;
  const limit = 2 * NOTE.length + 5000;
  beforeAll(async () => {
    server = await app({ QUOTA_STORAGE_BYTES: String(limit) });
  });

  it('refuses audio that does not fit with 403 and no Retry-After, until notes are deleted', async () => {
    const a = await personWithPad(server);
    const first = (await upload(a.client, a.pad)).body;
    expect((await upload(a.client, a.pad)).status).toBe(201);

    expectAccountFull(
      await upload(a.client, a.pad),
      'storage_quota_exceeded',
      /does not fit in your storage: 4\.\d KB of your 36 KB is left\. Delete voice notes/,
    );
    expectAccountFull(
      await chunkedUpload(a.client, a.pad, NOTE),
      'storage_quota_exceeded',
      /does not fit in your storage/,
    );
    expect(await noteCount(a.client)).toBe(2);
    const stats = (await a.client.get<Stats>('/api/v1/stats/')).body;
    expect(stats.storage).toEqual({ used_bytes: 2 * NOTE.length, limit_bytes: limit });

    // Someone else's storage is their own.
    const b = await personWithPad(server);
    expect((await upload(b.client, b.pad)).status).toBe(201);

    // Deleting a note makes room again.
    expect((await a.client.delete(`/api/v1/pad/${a.pad.id}/voicenote/${first.id}/`)).status).toBe(204);
    expect((await upload(a.client, a.pad)).status).toBe(201);
  });

  it('says the storage is full once nothing is left', async () => {
    const a = await personWithPad(server);
    expect((await upload(a.client, a.pad, wavOfSize(limit - 2000))).status).toBe(201);
    expectAccountFull(
      await upload(a.client, a.pad, wavOfSize(2002)),
      'storage_quota_exceeded',
      /does not fit/,
    );
    // Filled to the byte: anything more is refused before a byte of it is read.
    expect((await upload(a.client, a.pad, wavOfSize(2000))).status).toBe(201);
    expectAccountFull(
      await upload(a.client, a.pad, wavOfSize(100)),
      'storage_quota_exceeded',
      /Your storage is full: your recordings take 36 KB of the 36 KB an account may keep\. Delete voice notes/,
    );
  });

  it('keeps racing uploads within the quota', async () => {
    const a = await personWithPad(server);
    // Each fits alone; together they do not.
    const results = await Promise.all([
      upload(a.client, a.pad),
      upload(a.client, a.pad),
      upload(a.client, a.pad),
    ]);
    for (const res of results) {
      if (res.status !== 201) expectAccountFull(res, 'storage_quota_exceeded', /does not fit/);
    }
    const { used_bytes } = (await a.client.get<Stats>('/api/v1/stats/')).body.storage;
    expect(used_bytes).toBeLessThanOrEqual(limit);
    expect(used_bytes).toBe(results.filter((r) => r.status === 201).length * NOTE.length);
  });
});

describe('pads per user', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await app({ QUOTA_PADS_PER_USER: '3' });
  });

  it('refuses a pad past the limit with 403, until one is deleted', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const pads: Pad[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await client.post<Pad>('/api/v1/pad/', { name: `Pad ${i}` });
      expect(res.status).toBe(201);
      pads.push(res.body);
    }
    expectAccountFull(
      await client.post('/api/v1/pad/', { name: 'One too many' }),
      'pad_limit_reached',
      /You have 3 pads, the most an account may have\. Delete a pad/,
    );

    const other = (await signedUpClient(server.baseUrl)).client;
    expect((await other.post('/api/v1/pad/', { name: 'Mine' })).status).toBe(201);

    expect((await client.delete(`/api/v1/pad/${pads[0]!.id}/`)).status).toBe(204);
    expect((await client.post('/api/v1/pad/', { name: 'Room again' })).status).toBe(201);
  });
});

describe('/v1 requests per minute', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await app({ QUOTA_V1_REQUESTS_PER_MINUTE: '2' });
  });

  async function tokenOf(): Promise<string> {
    const { client } = await signedUpClient(server.baseUrl);
    return (await client.post<CreatedApiToken>('/api/v1/tokens/', { name: 'rpm' })).body.token;
  }

  /** A request refused as incomplete (no file): cheap, and it still counts. */
  const call = (token: string) =>
    fetch(`${server.baseUrl}/v1/audio/transcriptions`, {
      method: 'POST',
      body: (() => {
        const form = new FormData();
        form.append('model', 'whisper-1');
        return form;
      })(),
      headers: { authorization: `Bearer ${token}` },
    });

  it("answers 429 in OpenAI's shape with Retry-After past the limit, per token owner", async () => {
    const mine = await tokenOf();
    expect((await call(mine)).status).toBe(400);
    expect((await call(mine)).status).toBe(400);
    const refused = await call(mine);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(openAiErrorSchema.parse(await refused.json()).error).toEqual({
      message: expect.stringMatching(
        /takes 2 a minute from one account\. Try again in (\d+ s|1 min)\./,
      ) as string,
      type: 'requests',
      param: null,
      code: 'rate_limit_exceeded',
    });

    expect((await call(await tokenOf())).status).toBe(400);
  });
});
