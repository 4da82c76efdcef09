/**
 * Incremental live decoding on real pocketsphinx, in real decoder threads: the pool keeps a
 * spare loaded, a stream's partials come while its utterance is still being spoken, finals are
 * the engine's full-utterance decode of the same audio, every sample is decoded, and a decoder
 * slowed below real time says how far behind it is, then that it caught up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveTranscript } from '../../src/live/live-transcript.ts';
import { floatToInt16 } from '../../src/transcription/audio/pcm.ts';
import { createPocketsphinxTranscriber } from '../../src/transcription/pocketsphinx/engine.ts';
import { LiveDecoderPool } from '../../src/transcription/pocketsphinx/live-decoder-pool.ts';
import type { StreamLease } from '../../src/transcription/pocketsphinx/stream-lease.ts';
import type { StreamTranscriber } from '../../src/transcription/audio/pcm-transcriber.ts';
import type { TranscriptWord } from '../../src/transcription/transcriber.ts';
import { resolveWorkerEntry } from '../../src/transcription/worker-entry.ts';
import { load } from './support/speech-fixtures.ts';
import { FixtureDir, speak } from './support/speech.ts';

const dir = new FixtureDir();
let pcm: Int16Array;
let engine: StreamTranscriber;

beforeAll(() => {
  const wav = speak('please remember to buy milk and bread tomorrow morning', dir.file('milk.wav'));
  // Half a second of silence after the sentence, so the endpointer cuts it before the end.
  const speech = floatToInt16(load(wav).samples);
  pcm = new Int16Array(speech.length + 8000);
  pcm.set(speech);
  engine = createPocketsphinxTranscriber();
});
afterAll(async () => {
  await engine.close();
  dir.remove();
});

async function until(done: () => boolean, ms = 60_000): Promise<void> {
  for (const deadline = Date.now() + ms; !done();) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface Heard {
  partials: { words: TranscriptWord[]; fedSeconds: number }[];
  finals: TranscriptWord[][];
  lags: number[];
}

/**
 * Plays `pcm` into a live transcript on `lease` in 100 ms blocks, `pace` ms apart, or ('in step')
 * each once the one before is decoded: then the decoder is never behind and skips no partial,
 * however busy the machine.
 */
async function play(
  lease: StreamLease,
  pace: number | 'in step',
): Promise<{ heard: Heard; words: readonly TranscriptWord[] }> {
  const heard: Heard = { partials: [], finals: [], lags: [] };
  let fed = 0;
  const transcript = new LiveTranscript(
    { engine, stream: lease },
    {
      partial: (words) => heard.partials.push({ words, fedSeconds: fed / 16000 }),
      final: (words) => heard.finals.push(words),
      lag: (seconds) => heard.lags.push(seconds),
      hold: () => {},
    },
  );
  for (; fed < pcm.length; fed += 1600) {
    transcript.push(pcm.subarray(fed, fed + 1600), true);
    if (pace === 'in step') await until(() => lease.counts.decoded === lease.counts.fed);
    else await new Promise((r) => setTimeout(r, pace));
  }
  // Once the audio ends, the thread is let go (its words are partials only): a test of what it
  // says while it runs waits for it first.
  await until(() => lease.counts.decoded === lease.counts.fed);
  return { heard, words: await transcript.words() };
}

describe('live stream decoding', { timeout: 120_000 }, () => {
  it('lends a loaded spare, gives partials as the sentence is spoken, and finals of the whole', async () => {
    const pool = new LiveDecoderPool({ entry: resolveWorkerEntry(), max: 2 });
    try {
      pool.warm();
      expect(pool.size).toBe(1);
      await until(() => pool.spareReady);
      // The first stream gets a thread whose model is already loaded, and the next spare starts.
      const lease = pool.lease()!;
      expect(lease.ready).toBe(true);
      expect(pool.size).toBe(2);
      // Two at most: the spare is lent too, and a third stream gets none.
      const second = pool.lease()!;
      expect(pool.lease()).toBeUndefined();
      await second.release();

      const { heard, words } = await play(lease, 'in step');
      // Partial words came while the sentence was still being spoken (it ends 0.5 s before the audio).
      const spoken = pcm.length / 16000 - 0.5;
      expect(heard.partials.some((p) => p.words.length > 0 && p.fedSeconds < spoken - 0.5)).toBe(true);
      expect(heard.partials.flatMap((p) => p.words.map((w) => w.word))).toContain('milk');
      // Finals: the engine's full-utterance decode of the same audio, word for word.
      const file = await engine.transcribePcm({ pcm: pcm.slice(), chunks: [{ start: 0, end: pcm.length }] });
      expect(words.map((w) => w.word)).toEqual(file.segments.flatMap((s) => s.words.map((w) => w.word)));
      expect(heard.finals.flat()).toEqual(words);
      // Nothing dropped: every sample fed was decoded.
      expect(lease.counts.decoded).toBe(lease.counts.fed);
      expect(lease.counts.fed).toBeGreaterThan(pcm.length - 16000);
    } finally {
      await pool.close();
    }
  });

  it('a decoder slower than real time says how far behind it is, then that it caught up', async () => {
    // Three times slower than the engine, fed ten times faster than real time: behind on any machine.
    process.env.VOXPAD_LIVE_DECODER_SLOWDOWN = '3';
    const pool = new LiveDecoderPool({ entry: resolveWorkerEntry() });
    try {
      const lease = pool.lease()!;
      await until(() => lease.ready);
      const { heard, words } = await play(lease, 10);
      expect(Math.max(...heard.lags)).toBeGreaterThanOrEqual(1);
      expect(heard.lags.at(-1)).toBe(0);
      expect(words.map((w) => w.word)).toContain('milk');
      expect(lease.counts.decoded).toBe(lease.counts.fed);
    } finally {
      delete process.env.VOXPAD_LIVE_DECODER_SLOWDOWN;
      await pool.close();
    }
  });

  it('lets a spare no stream took go after its idle time, and the next stream still gets a decoder', async () => {
    // ADR 0065: a server transcribing a long file with nobody streaming holds one model fewer.
    const pool = new LiveDecoderPool({ entry: resolveWorkerEntry(), max: 2, spareIdleMs: 300 });
    try {
      pool.warm();
      expect(pool.size).toBe(1);
      // Let go once its time is up, loaded or still loading.
      await until(() => pool.size === 0);
      // Resting: no spare comes back by itself.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(pool.size).toBe(0);
      pool.warm();
      expect(pool.size).toBe(0);
      // A stream asks: it gets its own thread (its audio waits for the model) and a spare is kept again.
      const lease = pool.lease()!;
      expect(lease).toBeDefined();
      expect(pool.size).toBe(2);
      await until(() => lease.ready);
      await lease.release();
      // The stream's thread is gone, and the spare started for the next stream rests in its turn.
      await until(() => pool.size === 0);
    } finally {
      await pool.close();
    }
  });

  it('close resolves only once every thread is gone, also one its stream let go before', async () => {
    // Before, close() skipped threads already released, and a test process could exit while one
    // was still inside a native call: that aborts the process (koffi, napi_throw).
    const pool = new LiveDecoderPool({ entry: resolveWorkerEntry(), max: 1 });
    const lease = pool.lease()!;
    await until(() => lease.ready);
    void lease.release();
    await pool.close();
    expect(pool.size).toBe(0);
  });
});
