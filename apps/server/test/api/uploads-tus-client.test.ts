/**
 * Resumable uploads driven by tus-js-client, the client the web app uses: the happy path,
 * and a resume after the server was restarted mid-upload (a new app on the same database
 * and data directory).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as tus from 'tus-js-client';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { buildApp, type App } from '../../src/app.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { signedUpClient, TestClient } from '../support/http-client.ts';
import { cookieHeader } from '../support/raw-request.ts';
import { toneWav } from '../support/wav.ts';
import { headUpload, uploadBlobs } from '../support/tus.ts';

let server: TestApp;
/** Started after a restart, on the test app's database and data directory. */
let restarted: App | undefined;

beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await restarted?.app.close();
  await server.close();
});

const CHUNK = 64 * 1024;

function tusOptions(client: TestClient, padId: string, extra: Partial<tus.UploadOptions> = {}) {
  return {
    endpoint: `${client.baseUrl}/api/v1/uploads/`,
    chunkSize: CHUNK,
    retryDelays: [],
    metadata: { pad_id: padId, filename: 'interview.wav', filetype: 'audio/wav' },
    headers: {
      cookie: cookieHeader(client.cookies),
      'x-csrftoken': client.cookies.get('csrftoken')!,
    },
    storeFingerprintForResuming: false,
    ...extra,
  } satisfies tus.UploadOptions;
}

/** Runs an upload to the end; resolves with the filed note's id from the final answer. */
function runToEnd(file: Buffer, options: tus.UploadOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(file, {
      ...options,
      onSuccess: ({ lastResponse }) => resolve(lastResponse.getHeader('voxpad-voice-note-id') ?? ''),
      onError: reject,
    });
    upload.start();
  });
}

async function storedAudio(client: TestClient, padId: string, noteId: string): Promise<Buffer> {
  const note = (await client.get<VoiceNote>(`/api/v1/pad/${padId}/voicenote/${noteId}/`)).body;
  const res = await fetch(client.baseUrl + note.audio_url, {
    headers: { cookie: cookieHeader(client.cookies) },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

it('uploads a recording in chunks with tus-js-client and files it as a voice note', async () => {
  const { client } = await signedUpClient(server.baseUrl);
  const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Interviews' })).body;
  const wav = toneWav(10); // ~320 KB: five chunks
  const chunks: number[] = [];
  const noteId = await runToEnd(
    wav,
    tusOptions(client, pad.id, { onChunkComplete: (size) => chunks.push(size) }),
  );
  expect(chunks.length).toBe(Math.ceil(wav.length / CHUNK));
  expect(noteId).toMatch(/^[0-9a-z]{26}$/);
  const note = (await client.get<VoiceNote>(`/api/v1/pad/${pad.id}/voicenote/${noteId}/`)).body;
  expect(note).toMatchObject({ title: 'interview', size_bytes: wav.length, duration_seconds: 10 });
  expect((await storedAudio(client, pad.id, noteId)).equals(wav)).toBe(true);
  expect(await uploadBlobs(server.storage)).toEqual([]);
});

it('resumes from the stored offset after the server restarts', { timeout: 60_000 }, async () => {
  const { client } = await signedUpClient(server.baseUrl);
  const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Lectures' })).body;
  const wav = toneWav(12);

  // Send two chunks, then stop as a closed tab would.
  const uploadUrl = await new Promise<string>((resolve, reject) => {
    let done = 0;
    const upload: tus.Upload = new tus.Upload(wav, {
      ...tusOptions(client, pad.id),
      onChunkComplete: () => {
        if (++done === 2) void upload.abort().then(() => resolve(upload.url ?? ''));
      },
      onError: reject,
    });
    upload.start();
  });
  expect(uploadUrl).toContain('/api/v1/uploads/');
  const path = new URL(uploadUrl).pathname;
  expect((await headUpload(client, path)).headers.get('upload-offset')).toBe(String(2 * CHUNK));

  // The server goes down and comes back on the same database and data directory.
  await server.app.close();
  restarted = await buildApp(server.config);
  await restarted.app.listen({ host: '127.0.0.1', port: 0 });
  const address = restarted.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  // The same browser (its cookies) talking to the new process.
  const browser = new TestClient(`http://127.0.0.1:${address.port}`);
  for (const [name, value] of client.cookies) browser.cookies.set(name, value);

  const head = await headUpload(browser, path);
  expect(head.status).toBe(200);
  expect(head.headers.get('upload-offset')).toBe(String(2 * CHUNK));

  // tus-js-client asks where the upload stands (HEAD) and sends only the rest.
  let resentFrom = -1;
  const noteId = await runToEnd(
    wav,
    tusOptions(browser, pad.id, {
      uploadUrl: `${browser.baseUrl}${path}`,
      onBeforeRequest: (req) => {
        if (req.getMethod() === 'PATCH' && resentFrom < 0)
          resentFrom = Number(req.getHeader('Upload-Offset'));
      },
    }),
  );
  expect(resentFrom).toBe(2 * CHUNK);
  expect((await storedAudio(browser, pad.id, noteId)).equals(wav)).toBe(true);
  expect(await uploadBlobs(restarted.storage)).toEqual([]);
});
