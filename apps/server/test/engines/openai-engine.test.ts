import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAiTranscriber, fromVerbose } from '../../src/transcription/openai/engine.ts';

type Handler = (
  req: IncomingMessage,
  body: Buffer,
) => { status: number; body: unknown; headers?: Record<string, string> };
let server: Server | undefined;

async function stub(handler: Handler): Promise<string> {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = handler(req, Buffer.concat(chunks));
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

const verbose = {
  task: 'transcribe',
  language: 'english',
  duration: 1,
  text: 'hello world',
  segments: [
    {
      id: 0,
      seek: 0,
      start: 0,
      end: 1,
      text: ' hello world',
      tokens: [],
      temperature: 0,
      avg_logprob: -0.1,
      compression_ratio: 1,
      no_speech_prob: 0,
    },
  ],
  words: [
    { word: 'hello', start: 0.1, end: 0.4 },
    { word: 'world', start: 0.5, end: 0.9 },
  ],
};
const samples = new Float32Array(16000).fill(0.1);

describe('openai engine', () => {
  it('uploads a 16 kHz WAV with verbose_json and word+segment granularities, retrying 429 and 5xx', async () => {
    let calls = 0;
    let seen = '';
    const baseUrl = await stub((req, body) => {
      calls++;
      seen = body.toString('latin1');
      expect(req.headers.authorization).toBe('Bearer sk-test');
      if (calls === 1)
        return { status: 429, body: { error: { message: 'slow down' } }, headers: { 'retry-after': '0' } };
      if (calls === 2) return { status: 503, body: { error: { message: 'busy' } } };
      return { status: 200, body: verbose };
    });
    const engine = createOpenAiTranscriber({ baseUrl, apiKey: 'sk-test', model: 'whisper-1', backoffMs: 10 });
    const transcript = await engine.transcribe({ samples, sampleRate: 16000, language: 'en' });
    expect(calls).toBe(3);
    expect(seen).toContain('name="response_format"\r\n\r\nverbose_json');
    expect(seen).toContain('name="timestamp_granularities[]"\r\n\r\nword');
    expect(seen).toContain('name="timestamp_granularities[]"\r\n\r\nsegment');
    expect(seen).toContain('name="model"\r\n\r\nwhisper-1');
    expect(seen).toMatch(/filename="audio\.wav"\r\nContent-Type: audio\/wav\r\n\r\nRIFF/);
    expect(transcript.language).toBe('en');
    expect(transcript.segments[0]!.words.map((w) => w.word)).toEqual(['hello', 'world']);
    expect(transcript.segments[0]!.words[0]!.confidence).toBeCloseTo(Math.exp(-0.1), 5);
  });

  it('fails at once, with the service message, on 401', async () => {
    let calls = 0;
    const baseUrl = await stub(() => {
      calls++;
      return { status: 401, body: { error: { message: 'Incorrect API key provided' } } };
    });
    const engine = createOpenAiTranscriber({ baseUrl, apiKey: 'bad', model: 'whisper-1', backoffMs: 10 });
    await expect(engine.transcribe({ samples, sampleRate: 16000 })).rejects.toThrow(
      /refused the API key \(401\): Incorrect API key provided/,
    );
    expect(calls).toBe(1);
  });

  it('gives up after the retries on persistent 5xx', async () => {
    let calls = 0;
    const baseUrl = await stub(() => {
      calls++;
      return { status: 500, body: { error: { message: 'boom' } } };
    });
    const engine = createOpenAiTranscriber({ baseUrl, apiKey: 'k', model: 'm', retries: 2, backoffMs: 5 });
    await expect(engine.transcribe({ samples, sampleRate: 16000 })).rejects.toThrow(
      /answered 500: boom \(gave up after 3 attempts\)/,
    );
    expect(calls).toBe(3);
  });

  it('times out a silent server', async () => {
    server = createServer(() => undefined);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const engine = createOpenAiTranscriber({
      baseUrl,
      apiKey: 'k',
      model: 'm',
      timeoutMs: 200,
      retries: 1,
      backoffMs: 5,
    });
    await expect(engine.transcribe({ samples, sampleRate: 16000 })).rejects.toThrow(
      /no answer within 200 ms/,
    );
    server.closeAllConnections();
  });

  it('maps words without segments with confidence 1', () => {
    const t = fromVerbose(
      {
        task: 'transcribe',
        language: 'en',
        duration: 2,
        text: 'hi',
        words: [{ word: ' hi', start: 0, end: 3 }],
      },
      2,
    );
    expect(t.segments).toEqual([
      { start: 0, end: 2, text: 'hi', words: [{ word: 'hi', start: 0, end: 2, confidence: 1 }] },
    ]);
  });
});
