import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiToken } from '@voxpad/shared/api-tokens';
import { openAiErrorSchema } from '@voxpad/shared/openai-compat';
import { signedUpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { toneWav } from '../support/wav.ts';

/**
 * Issue 9, finding 3: `/v1/audio/transcriptions` streams each upload to its own temporary
 * file (removed after success, refusal, error and a client that gives up), and runs a
 * bounded number at once, per user and per process: past either it answers 429 with
 * Retry-After instead of queueing.
 */
let server: TestApp;
let small: TestApp;

beforeAll(async () => {
  [server, small] = await Promise.all([
    startTestApp({
      ROLE: 'all',
      TRANSCRIBER: 'pocketsphinx',
      QUOTA_V1_CONCURRENCY_PER_USER: '1',
      V1_CONCURRENCY: '2',
    }),
    startTestApp({ UPLOAD_MAX_BYTES: '65536' }),
  ]);
}, 120_000);
afterAll(async () => {
  // A stalled upload aborted before its first byte can leave fetch's pool holding a fresh
  // connection that never carries a request; close() would wait out the headers timeout.
  // Both apps: a refused oversized upload can leave the same kind of connection behind.
  for (const app of [server, small]) app.app.server.closeAllConnections();
  await Promise.all([server.close(), small.close()]);
});

async function newToken(app: TestApp): Promise<string> {
  const { client } = await signedUpClient(app.baseUrl);
  return (await client.post<CreatedApiToken>('/api/v1/tokens/', { name: 'v1' })).body.token;
}

/** The uploads this app is holding in its temporary directory right now. */
async function heldUploads(app: TestApp): Promise<string[]> {
  try {
    return await readdir(path.join(app.dataDir, 'tmp'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Waits (at most 10 s) until the app holds `count` uploads. */
async function untilHeld(app: TestApp, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await heldUploads(app)).length !== count) {
    if (Date.now() > deadline)
      throw new Error(`expected ${count} held uploads, saw ${(await heldUploads(app)).length}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function transcribe(app: TestApp, token: string, file: Buffer, name = 'note.wav') {
  const form = new FormData();
  form.append('file', new Blob([file], { type: 'audio/wav' }), name);
  return fetch(`${app.baseUrl}/v1/audio/transcriptions`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
}

/**
 * A multipart upload whose file never finishes arriving: the server holds it (and its slot)
 * until `abort()` ends the connection.
 */
function stalledUpload(app: TestApp, token: string): { abort: () => void; settled: Promise<unknown> } {
  const boundary = `----voxpad${Math.random().toString(36).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.wav"\r\n` +
      'Content-Type: audio/wav\r\n\r\n',
  );
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
      controller.enqueue(toneWav(1).subarray(0, 8192));
    },
  });
  const controller = new AbortController();
  const settled = fetch(`${app.baseUrl}/v1/audio/transcriptions`, {
    method: 'POST',
    body,
    duplex: 'half',
    signal: controller.signal,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  } as RequestInit).catch((error: unknown) => error);
  return { abort: () => controller.abort(), settled };
}

async function expectBusy(response: Response, message: RegExp) {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(openAiErrorSchema.parse(await response.json()).error).toEqual({
    message: expect.stringMatching(message) as string,
    type: 'requests',
    param: null,
    code: 'rate_limit_exceeded',
  });
}

describe('/v1/audio/transcriptions uploads', () => {
  it('removes the temporary file after a transcription, a refusal and a failure', async () => {
    const token = await newToken(server);
    const ok = await transcribe(server, token, toneWav(1));
    expect(ok.status).toBe(200);
    await ok.body?.cancel();
    expect(await heldUploads(server)).toEqual([]);

    const notAudio = await transcribe(server, token, Buffer.from('this is not a recording'));
    expect(notAudio.status).toBe(400);
    await notAudio.body?.cancel();
    expect(await heldUploads(server)).toEqual([]);

    const tooLarge = await transcribe(small, await newToken(small), toneWav(3));
    expect(tooLarge.status).toBe(413);
    await tooLarge.body?.cancel();
    expect(await heldUploads(small)).toEqual([]);
  });

  it('caps transcriptions per user and per process with 429, and frees the slot when a client gives up', async () => {
    const first = await newToken(server);
    const second = await newToken(server);
    const third = await newToken(server);

    const stalled = stalledUpload(server, first);
    await untilHeld(server, 1);
    // The same user again: over their limit of one at a time.
    await expectBusy(
      await transcribe(server, first, toneWav(0.5)),
      /^You already have 1 transcription running.*Try again in 10 s\.$/,
    );

    // Another user takes the process's second and last slot; a third user finds it full.
    const alsoStalled = stalledUpload(server, second);
    await untilHeld(server, 2);
    await expectBusy(
      await transcribe(server, third, toneWav(0.5)),
      /^The server is busy.*Try again in 10 s\.$/,
    );

    // Clients that give up leave no file behind and free their slots.
    stalled.abort();
    alsoStalled.abort();
    await Promise.all([stalled.settled, alsoStalled.settled]);
    await untilHeld(server, 0);
    const again = await transcribe(server, first, toneWav(1));
    expect(again.status).toBe(200);
    await again.body?.cancel();
    expect(await heldUploads(server)).toEqual([]);
  });

  it('frees the slot of a client that gives up at any moment, even before its body is read', async () => {
    const token = await newToken(server);
    for (const delayMs of [0, 2, 5, 10, 20, 40, 80]) {
      const stalled = stalledUpload(server, token);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      stalled.abort();
      await stalled.settled;
      await untilFree(server, token);
    }
    expect(await heldUploads(server)).toEqual([]);
  });
});

/** Waits (at most 10 s) until the user's one slot is free again: a request is answered, not refused. */
async function untilFree(app: TestApp, token: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await transcribe(app, token, Buffer.from('not audio'));
    await res.body?.cancel();
    if (res.status !== 429) return;
    if (Date.now() > deadline) throw new Error('the slot of a client that went away was never freed');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
