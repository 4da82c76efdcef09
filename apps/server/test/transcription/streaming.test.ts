/**
 * The streamed pipeline (decode chunk by chunk, transcribe while decoding) against the
 * whole-buffer one: the same chunks, samples and transcript for recordings up to the
 * loudness window; bounded, contiguous chunks past it.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudioDecoder } from '../../src/transcription/audio/audio-decoder.ts';
import { decodeSpeech } from '../../src/transcription/audio/decode-speech.ts';
import { AudioDecodeError } from '../../src/transcription/audio/errors.ts';
import { normaliseLoudness } from '../../src/transcription/audio/loudness.ts';
import { type SpeechChunk, SpeechChunker } from '../../src/transcription/audio/speech-chunker.ts';
import type { StreamTranscriber } from '../../src/transcription/audio/pcm-transcriber.ts';
import { createPocketsphinxTranscriber } from '../../src/transcription/pocketsphinx/engine.ts';
import { planUtterances } from '../../src/transcription/audio/utterances.ts';
import { SENTENCES, longRecording } from './support/speech-fixtures.ts';
import { expectSameSamples } from './support/samples.ts';
import { FixtureDir, read } from './support/speech.ts';

const dir = new FixtureDir();
const decoder = createAudioDecoder({ maxDurationSeconds: 3600 });
let engine: StreamTranscriber;

beforeAll(() => {
  engine = createPocketsphinxTranscriber({ workers: 2 });
});
afterAll(async () => {
  await engine.close();
  dir.remove();
});

async function collect(chunks: AsyncIterable<SpeechChunk>): Promise<SpeechChunk[]> {
  const all: SpeechChunk[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}

/** Speech-like bursts (a quiet tone, 2 s on, 0.5 s off) so cuts land in the gaps. */
function bursts(seconds: number, amplitude: number): Int16Array {
  const pcm = new Int16Array(seconds * 16000);
  for (let i = 0; i < pcm.length; i++) {
    const on = i % 40000 < 32000;
    pcm[i] = on ? Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * 220 * i) / 16000)) : 0;
  }
  return pcm;
}

function feed(pcm: Int16Array, windowSeconds: number): { chunks: SpeechChunk[]; gainDb: number } {
  const chunks: SpeechChunk[] = [];
  const chunker = new SpeechChunker((chunk) => chunks.push(chunk), { windowSeconds });
  for (let from = 0; from < pcm.length; from += 7777) chunker.push(pcm.slice(from, from + 7777));
  const { gainDb, samples } = chunker.finish();
  expect(samples).toBe(pcm.length);
  return { chunks, gainDb };
}

describe('SpeechChunker', () => {
  it('within the loudness window, equals whole-buffer normalising and cutting', () => {
    const pcm = bursts(100, 0.01);
    const { chunks, gainDb } = feed(pcm, 300);
    const whole = pcm.slice();
    const expected = normaliseLoudness(whole, 16000);
    expect(gainDb).toBe(expected.gainDb);
    expect(chunks.map(({ start, pcm: p }) => ({ start, end: start + p.length }))).toEqual(
      planUtterances(whole, { sampleRate: 16000 }),
    );
    for (const chunk of chunks) {
      expectSameSamples(chunk.pcm, whole.subarray(chunk.start, chunk.start + chunk.pcm.length));
    }
  });

  it('past the window, hands on contiguous chunks of at most 30 s with the window’s gain', () => {
    const pcm = bursts(200, 0.01);
    const { chunks, gainDb } = feed(pcm, 40);
    expect(gainDb).toBeGreaterThan(1);
    let at = 0;
    for (const { start, pcm: p } of chunks) {
      expect(start).toBe(at);
      expect(p.length).toBeLessThanOrEqual(30 * 16000);
      expect(p.buffer).toBeInstanceOf(ArrayBuffer);
      at += p.length;
    }
    expect(at).toBe(pcm.length);
    expect(chunks.length).toBeGreaterThanOrEqual(7);
  });

  it('rejects silence and emptiness', () => {
    expect(() => feed(new Int16Array(16000 * 50), 40)).toThrow(AudioDecodeError);
    expect(() => new SpeechChunker(() => {}).finish()).toThrow(AudioDecodeError);
  });
});

describe('streamed decoding and transcription', () => {
  it(
    'gives the same samples, cuts and transcript as the whole-buffer path',
    { timeout: 240_000 },
    async () => {
      const wav = longRecording(dir, 'long', [...SENTENCES, ...SENTENCES], 1);
      const webm = dir.file('long.webm');
      execFileSync('ffmpeg', [
        '-loglevel',
        'error',
        '-y',
        '-i',
        wav,
        '-ar',
        '48000',
        '-ac',
        '2',
        '-c:a',
        'libopus',
        webm,
      ]);
      const whole = await decodeSpeech(read(webm), { maxDurationSeconds: 3600 });
      expect(whole.chunks.length).toBeGreaterThanOrEqual(2);

      const streamed = decoder.stream(read(webm));
      const chunks = await collect(streamed.chunks);
      const info = await streamed.done;
      expect(info.samples).toBe(whole.pcm.length);
      expect(info.gainDb).toBe(whole.gainDb);
      expect(info.durationSeconds).toBe(whole.durationSeconds);
      expect(chunks.map(({ start, pcm }) => ({ start, end: start + pcm.length }))).toEqual(whole.chunks);
      for (const chunk of chunks) {
        expectSameSamples(chunk.pcm, whole.pcm.subarray(chunk.start, chunk.start + chunk.pcm.length));
      }

      const expected = await engine.transcribePcm({ pcm: whole.pcm, chunks: whole.chunks });
      const progress: number[] = [];
      const again = decoder.stream(read(webm));
      const transcript = await engine.transcribeStream({
        chunks: again.chunks,
        onProgress: (p) => progress.push(p),
      });
      await again.done;
      // The chunks handed to the engine are byte-identical (above). What a worker decoded
      // before still nudges confidences and word ends (as in audio-pipeline.test.ts's
      // parallel test), so timings are compared with the same tolerance.
      expect(transcript.text).toBe(expected.text);
      expect(transcript.durationSeconds).toBe(expected.durationSeconds);
      const words = transcript.segments.flatMap((s) => s.words);
      const expectedWords = expected.segments.flatMap((s) => s.words);
      expect(words.map((w) => w.word)).toEqual(expectedWords.map((w) => w.word));
      words.forEach((w, i) => expect(Math.abs(w.start - expectedWords[i]!.start)).toBeLessThanOrEqual(0.02));
      expect(progress.at(-1)).toBe(1);
      expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    },
  );

  it('reports decoding failures through the chunks and `done`', async () => {
    const streamed = decoder.stream(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]));
    await expect(collect(streamed.chunks)).rejects.toBeInstanceOf(AudioDecodeError);
    await expect(streamed.done).rejects.toBeInstanceOf(AudioDecodeError);
  });
});
