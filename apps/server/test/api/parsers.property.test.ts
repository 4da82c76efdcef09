/**
 * The parsers of untrusted text, reached the way an attacker reaches them: generated Range
 * headers, cursors, ids, search strings and Content-Disposition headers sent to a running
 * app. Whatever arrives, the answer is never a server error.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { toneWav } from '../support/wav.ts';

const RUNS = { numRuns: 50 };

let app: TestApp;
let client: TestClient;
let pad: Pad;
let note: VoiceNote;
const audio = toneWav(0.5);

beforeAll(async () => {
  app = await startTestApp();
  client = (await signedUpClient(app.baseUrl)).client;
  pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Properties' })).body;
  note = (
    await client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
      body: audio,
      headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="tone.wav"' },
    })
  ).body;
}, 60_000);
afterAll(async () => {
  await app?.close();
});

/** What a header may carry: printable ASCII and Latin-1, no line breaks. */
const headerValue = fc
  .string({
    unit: fc.oneof(
      fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
      fc.integer({ min: 0xa0, max: 0xff }).map((c) => String.fromCharCode(c)),
      fc.constantFrom('bytes=', '-', ',', ';', '"', '0', '9', 'attachment', 'filename=', "filename*=UTF-8''"),
    ),
    maxLength: 120,
  })
  .map((value) => value.trim());

/** A path segment or query value: any text, percent-encoded, or raw characters that are not. */
const urlPart = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 80 }).map(encodeURIComponent),
  fc.string({ unit: fc.constantFrom(..."%zZ09-_.~!$&'()*+,;=:@aé".split('')), maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom(...'0123456789abcdefghjkmnpqrstvwxyz'.split('')),
    minLength: 26,
    maxLength: 26,
  }),
);

async function expectNoServerError(path: string, headers: Record<string, string> = {}) {
  const res = await client.request('GET', path, { headers });
  expect(res.status, `${path} ${JSON.stringify(headers)}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
  return res;
}

describe('no generated input gets a server error', { timeout: 120_000 }, () => {
  it('Range headers on a recording', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          headerValue,
          fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => `bytes=${a}-${b}`),
        ),
        async (range) => {
          const res = await expectNoServerError(note.audio_url, { range });
          if (res.status !== 206) return;
          const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.headers.get('content-range') ?? '');
          expect(match).not.toBeNull();
          const [start, end, size] = match!.slice(1).map(Number) as [number, number, number];
          expect(size).toBe(audio.length);
          expect(start <= end && end < size).toBe(true);
          expect(res.headers.get('content-length')).toBe(String(end - start + 1));
        },
      ),
      RUNS,
    );
  });

  it('cursors on pad and voice-note lists', async () => {
    await fc.assert(
      fc.asyncProperty(urlPart, async (cursor) => {
        await expectNoServerError(`/api/v1/pad/?cursor=${cursor}`);
        await expectNoServerError(`/api/v1/pad/${pad.id}/voicenote/?cursor=${cursor}&limit=${cursor}`);
      }),
      RUNS,
    );
  });

  it('ids in paths', async () => {
    await fc.assert(
      fc.asyncProperty(
        urlPart.filter((id) => id.length > 0),
        async (id) => {
          await expectNoServerError(`/api/v1/pad/${id}/`);
          await expectNoServerError(`/api/v1/pad/${id}/voicenote/`);
          await expectNoServerError(`/api/v1/pad/${pad.id}/voicenote/${id}/`);
          await expectNoServerError(`/api/v1/pad/${pad.id}/voicenote/${id}/audio/`);
        },
      ),
      RUNS,
    );
  });

  it('search strings and search cursors', async () => {
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 120 }),
      fc.string({ unit: fc.constantFrom(...'"*:&|!()<->^-+ NEARORAND ab'.split('')), maxLength: 60 }),
    );
    await fc.assert(
      fc.asyncProperty(text, urlPart, async (q, cursor) => {
        const query = `q=${encodeURIComponent(q)}`;
        await expectNoServerError(`/api/v1/search/pad/?${query}`);
        await expectNoServerError(`/api/v1/search/voicenote/?${query}`);
        await expectNoServerError(`/api/v1/search/voicenote/?${query}&cursor=${cursor}`);
      }),
      RUNS,
    );
  });

  it('Content-Disposition headers on uploads', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          headerValue,
          headerValue.map((v) => `attachment; ${v}`),
        ),
        async (disposition) => {
          const res = await client.request('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
            body: audio,
            headers: { 'content-type': 'audio/wav', 'content-disposition': disposition },
          });
          expect(res.status, `${disposition}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
        },
      ),
      RUNS,
    );
  });
});
