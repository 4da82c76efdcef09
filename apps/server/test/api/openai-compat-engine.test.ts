import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiToken } from '@voxpad/shared/api-tokens';
import { createOpenAiTranscriber } from '../../src/transcription/openai/engine.ts';
import { signedUpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { load } from '../transcription/support/speech-fixtures.ts';
import { FixtureDir, speak } from '../transcription/support/speech.ts';

/**
 * The openai engine against a second voxpad (pocketsphinx behind our own
 * /v1/audio/transcriptions), authenticated with a personal API token made through the API.
 */
let remote: TestApp;
let fixtures: FixtureDir;
let token: string;

beforeAll(async () => {
  fixtures = new FixtureDir();
  remote = await startTestApp({ ROLE: 'all', TRANSCRIBER: 'pocketsphinx' });
  const { client } = await signedUpClient(remote.baseUrl);
  token = (await client.post<CreatedApiToken>('/api/v1/tokens/', { name: 'engine' })).body.token;
}, 120_000);
afterAll(async () => {
  await remote.close();
  fixtures.remove();
});

describe('openai engine against another voxpad', () => {
  it('transcribes with word timings through verbose_json', async () => {
    const { samples, durationSeconds } = load(
      speak('the quick brown fox jumps over the lazy dog', fixtures.file('fox.wav')),
    );
    const engine = createOpenAiTranscriber({
      baseUrl: `${remote.baseUrl}/v1`,
      apiKey: token,
      model: 'whisper-1',
    });
    const transcript = await engine.transcribe({ samples, sampleRate: 16000, language: 'en' });
    await engine.close();
    expect(transcript.language).toBe('en');
    expect(transcript.durationSeconds).toBeCloseTo(durationSeconds, 1);
    expect(transcript.text).toMatch(/fox/);
    const words = transcript.segments.flatMap((s) => s.words);
    expect(words.map((w) => w.word)).toContain('fox');
    for (const segment of transcript.segments) {
      expect(segment.end).toBeLessThanOrEqual(transcript.durationSeconds);
      for (const word of segment.words) {
        expect(word.start).toBeGreaterThanOrEqual(segment.start - 0.01);
        expect(word.end).toBeGreaterThanOrEqual(word.start);
        expect(word.confidence).toBeGreaterThan(0);
        expect(word.confidence).toBeLessThanOrEqual(1);
      }
    }
  });

  it('fails clearly on a bad key, without retrying', async () => {
    const engine = createOpenAiTranscriber({
      baseUrl: `${remote.baseUrl}/v1`,
      apiKey: 'vxp_wrong',
      model: 'whisper-1',
    });
    await expect(engine.transcribe({ samples: new Float32Array(1600), sampleRate: 16000 })).rejects.toThrow(
      /refused the API key \(401\): Missing or invalid API key.*Check OPENAI_API_KEY/,
    );
  });
});
