import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiToken } from '@voxpad/shared/api-tokens';
import { openAiErrorSchema, verboseTranscriptionSchema } from '@voxpad/shared/openai-compat';
import { VOICE_NOTE_HEADER } from '../../src/openai-compat/transcription-request.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { expectTitledByItsWords } from '../support/titles.ts';
import { toneWav } from '../support/wav.ts';
import { FixtureDir, speak } from '../transcription/support/speech.ts';

const SENTENCE = 'please remember to buy milk and bread tomorrow morning';
let app: TestApp;
let small: TestApp;
let fixtures: FixtureDir;
let speech: Buffer;
let owner: TestClient;
let token: string;

beforeAll(async () => {
  fixtures = new FixtureDir();
  speech = readFileSync(speak(SENTENCE, fixtures.file('speech.wav')));
  [app, small] = await Promise.all([
    startTestApp({ ROLE: 'all', TRANSCRIBER: 'pocketsphinx' }),
    startTestApp({ UPLOAD_MAX_BYTES: '4096' }),
  ]);
  owner = (await signedUpClient(app.baseUrl)).client;
  token = (await owner.post<CreatedApiToken>('/api/v1/tokens/', { name: 'tests' })).body.token;
}, 120_000);
afterAll(async () => {
  await Promise.all([app.close(), small.close()]);
  fixtures.remove();
});

function form(fields: Record<string, string | string[]>, file: Buffer | null = speech): FormData {
  const data = new FormData();
  if (file) data.append('file', new Blob([file], { type: 'audio/wav' }), 'groceries.wav');
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) data.append(name, v);
  }
  return data;
}

function transcribe(
  body: FormData,
  bearer: string | null = token,
  base = app.baseUrl,
  headers: Record<string, string> = {},
) {
  return fetch(`${base}/v1/audio/transcriptions`, {
    method: 'POST',
    body,
    headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...headers },
  });
}

async function openAiError(response: Response) {
  return openAiErrorSchema.parse(await response.json()).error;
}

describe('POST /v1/audio/transcriptions', () => {
  it('answers json with the text', async () => {
    const response = await transcribe(form({ model: 'whisper-1' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['text']);
    expect(body.text).toMatch(/milk/);
  });

  it('answers verbose_json with segments and words', async () => {
    const response = await transcribe(
      form({
        model: 'anything',
        language: 'en',
        response_format: 'verbose_json',
        'timestamp_granularities[]': ['word', 'segment'],
      }),
    );
    expect(response.status).toBe(200);
    const body = verboseTranscriptionSchema.parse(await response.json());
    expect(body).toMatchObject({ task: 'transcribe', language: 'english' });
    expect(body.duration).toBeGreaterThan(2);
    expect(body.segments!.length).toBeGreaterThan(0);
    expect(body.segments![0]).toMatchObject({
      id: 0,
      seek: 0,
      temperature: 0,
      tokens: [],
      no_speech_prob: 0,
    });
    expect(body.segments![0]!.avg_logprob).toBeLessThanOrEqual(0);
    expect(body.words!.map((w) => w.word)).toContain('milk');
    for (const word of body.words!) {
      expect(word.start).toBeGreaterThanOrEqual(0);
      expect(word.end).toBeLessThanOrEqual(body.duration);
    }
  });

  it('leaves out words unless asked, as OpenAI does', async () => {
    const response = await transcribe(form({ response_format: 'verbose_json' }));
    const body = verboseTranscriptionSchema.parse(await response.json());
    expect(body.segments).toBeDefined();
    expect(body.words).toBeUndefined();
  });

  // Three transcriptions: each took up to 10 s on a loaded two-core machine.
  it('answers text, srt and vtt as text/plain', { timeout: 90_000 }, async () => {
    const text = await transcribe(form({ response_format: 'text' }));
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await text.text()).toMatch(/milk.*\n$/);

    const srt = await (await transcribe(form({ response_format: 'srt' }))).text();
    expect(srt).toMatch(/^1\n\d{2}:\d{2}:\d{2},\d{3} --> \d{2}:\d{2}:\d{2},\d{3}\n.*milk/s);

    const vttResponse = await transcribe(form({ response_format: 'vtt' }));
    expect(vttResponse.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await vttResponse.text()).toMatch(
      /^WEBVTT\n\n\d{2}:\d{2}:\d{2}\.\d{3} --> \d{2}:\d{2}:\d{2}\.\d{3}\n/,
    );
  });

  it('refuses a missing, wrong or revoked token, and a session cookie alone, in OpenAI error shape', async () => {
    for (const bearer of [null, 'vxp_nottherealtoken', `vxp_${'A'.repeat(43)}`]) {
      const response = await transcribe(form({}), bearer);
      expect(response.status).toBe(401);
      expect(await openAiError(response)).toMatchObject({
        type: 'invalid_request_error',
        code: 'invalid_api_key',
        param: null,
      });
    }
    // A logged-in browser (cookie + CSRF header) is not enough: this API is bearer-only.
    const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const withCookie = await transcribe(form({}), null, app.baseUrl, {
      cookie,
      'x-csrftoken': owner.cookies.get('csrftoken') ?? '',
    });
    expect(withCookie.status).toBe(401);
  });

  it('requires the file', async () => {
    const response = await transcribe(form({ model: 'whisper-1' }, null));
    expect(response.status).toBe(400);
    expect(await openAiError(response)).toMatchObject({ param: 'file', type: 'invalid_request_error' });
  });

  it('rejects an unknown response_format and non-audio', async () => {
    const format = await transcribe(form({ response_format: 'xml' }));
    expect(format.status).toBe(400);
    expect(await openAiError(format)).toMatchObject({ param: 'response_format' });

    const notAudio = await transcribe(form({}, Buffer.from('this is not a recording at all')));
    expect(notAudio.status).toBe(400);
    expect(await openAiError(notAudio)).toMatchObject({ param: 'file', code: 'invalid_audio' });
  });

  it('files the result as a voice note in pad_id of the token owner, and 404s for anyone else’s pad', async () => {
    const pad = await owner.post<{ id: string }>('/api/v1/pad/', { name: 'From the API' });
    expect(pad.status).toBe(201);
    const response = await transcribe(form({ pad_id: pad.body.id, response_format: 'json' }));
    expect(response.status).toBe(200);
    const noteId = response.headers.get(VOICE_NOTE_HEADER);
    expect(noteId).toBeTruthy();
    const note = await owner.get<{ status: string; transcript: string; title: string }>(
      `/api/v1/pad/${pad.body.id}/voicenote/${noteId}/`,
    );
    expect(note.status).toBe(200);
    expect(note.body).toMatchObject({ status: 'done' });
    expect(note.body.transcript).toMatch(/milk/);
    // Uploaded as groceries.wav, titled by what was said.
    expectTitledByItsWords(note.body, 'groceries');
    const audio = await owner.get(`/api/v1/pad/${pad.body.id}/voicenote/${noteId}/audio/`);
    expect(audio.status).toBe(200);
    // Its transcript is the first engine version, recording the engine and model like a job's.
    const versions = await owner.get<{ results: { source: string; engine: string; model: string }[] }>(
      `/api/v1/pad/${pad.body.id}/voicenote/${noteId}/versions/`,
    );
    expect(versions.body.results).toEqual([
      expect.objectContaining({ source: 'engine', engine: 'pocketsphinx', model: 'en-us' }),
    ]);

    const other = await signedUpClient(app.baseUrl);
    const theirPad = await other.client.post<{ id: string }>('/api/v1/pad/', { name: 'Not yours' });
    const wrong = await transcribe(form({ voxpad_pad_id: theirPad.body.id }));
    expect(wrong.status).toBe(404);
    expect(await openAiError(wrong)).toMatchObject({ param: 'pad_id', code: 'not_found' });
    const missing = await transcribe(form({ pad_id: 'nope' }));
    expect(missing.status).toBe(404);
  });

  it('refuses an upload over UPLOAD_MAX_BYTES with 413', async () => {
    const client = (await signedUpClient(small.baseUrl)).client;
    const smallToken = (await client.post<CreatedApiToken>('/api/v1/tokens/', { name: 'x' })).body.token;
    const response = await transcribe(form({}, toneWav(1)), smallToken, small.baseUrl);
    expect(response.status).toBe(413);
    expect(await openAiError(response)).toMatchObject({ param: 'file', code: 'file_too_large' });
    // Under the limit the same server transcribes (engine made on first use in the api role).
    const ok = await transcribe(form({}, toneWav(0.05)), smallToken, small.baseUrl);
    expect(ok.status).toBe(200);
  });
});
