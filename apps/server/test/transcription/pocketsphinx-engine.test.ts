/**
 * The pocketsphinx engine end to end: real native library, real model, real
 * worker threads, speech synthesised by flite at test time. Recognition is
 * judged by keyword recall, never by exact transcripts.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPocketsphinxTranscriber } from '../../src/transcription/pocketsphinx/engine.ts';
import type { Transcriber } from '../../src/transcription/transcriber.ts';
import { SENTENCES, type Speech, expectWellFormed, load, longRecording } from './support/speech-fixtures.ts';
import { FixtureDir, keywordRecall, sox, speak } from './support/speech.ts';

const dir = new FixtureDir();
afterAll(() => dir.remove());

/** Format variants of each sentence, made with sox, with the recall each must reach. */
const VARIANTS: { name: string; soxOutputArgs: string[]; minRecall: number }[] = [
  { name: '16 kHz mono 16-bit (as spoken)', soxOutputArgs: [], minRecall: 0.75 },
  { name: '44.1 kHz stereo', soxOutputArgs: ['-r', '44100', '-c', '2'], minRecall: 0.75 },
  { name: '8-bit unsigned', soxOutputArgs: ['-b', '8', '-e', 'unsigned-integer'], minRecall: 0.75 },
  {
    name: '48 kHz 32-bit float',
    soxOutputArgs: ['-r', '48000', '-e', 'floating-point', '-b', '32'],
    minRecall: 0.75,
  },
  { name: '96 kHz 24-bit', soxOutputArgs: ['-r', '96000', '-b', '24'], minRecall: 0.75 },
  // Telephone bandwidth loses everything above 4 kHz that the wideband model expects.
  { name: '8 kHz telephone', soxOutputArgs: ['-r', '8000'], minRecall: 0.5 },
];

function threadCount(): number {
  return readdirSync('/proc/self/task').length;
}

const spokenCache = new Map<number, { path: string; speech: Speech }>();
function spoken(index: number): { path: string; speech: Speech } {
  let entry = spokenCache.get(index);
  if (!entry) {
    const path = speak(SENTENCES[index]!.text, dir.file(`sentence-${index}.wav`));
    entry = { path, speech: load(path) };
    spokenCache.set(index, entry);
  }
  return entry;
}

describe('pocketsphinx transcriber', () => {
  let transcriber: Transcriber;
  beforeAll(() => {
    transcriber = createPocketsphinxTranscriber({ workers: 2 });
  });
  afterAll(() => transcriber.close());

  describe.each(VARIANTS)('$name', ({ soxOutputArgs, minRecall }) => {
    it.each([0, 1])('recognises sentence %i', async (index) => {
      const source = spoken(index).path;
      const variant = dir.file(`variant-${index}-${soxOutputArgs.join('')}.wav`);
      // -R: repeatable dither, so an 8-bit variant is the same file on every run.
      sox('-R', source, ...soxOutputArgs, variant);
      const speech = load(variant);

      const transcript = await transcriber.transcribe({ samples: speech.samples, sampleRate: 16000 });

      expectWellFormed(transcript, speech.durationSeconds);
      expect(keywordRecall(SENTENCES[index]!.keywords, transcript.text)).toBeGreaterThanOrEqual(minRecall);
    });
  });

  it('places words where they are said in the recording', async () => {
    // 2 s of silence before the speech: the first word must start after it.
    const padded = dir.file('padded.wav');
    sox(spoken(0).path, padded, 'pad', '2', '1');
    const speech = load(padded);
    const transcript = await transcriber.transcribe({ samples: speech.samples, sampleRate: 16000 });
    expectWellFormed(transcript, speech.durationSeconds);
    const words = transcript.segments.flatMap((s) => s.words);
    expect(words[0]!.start).toBeGreaterThanOrEqual(1.9);
    expect(words.at(-1)!.end).toBeLessThanOrEqual(speech.durationSeconds - 0.9);
  });

  it('keeps word times true across a long pause in the middle (pauses are shortened before decoding)', async () => {
    // sentence 0, 4 s of silence, sentence 0 again: the pause is cut to 0.7 s for the engine,
    // and the second sentence's words must still be placed after the full 4 s.
    const first = spoken(0);
    const pause = dir.file('pause-4s.wav');
    sox('-n', '-r', '16000', '-c', '1', '-b', '16', pause, 'trim', '0', '4');
    const joined = dir.file('paused-twice.wav');
    sox(first.path, pause, first.path, joined);
    const speech = load(joined);
    const transcript = await transcriber.transcribe({ samples: speech.samples, sampleRate: 16000 });
    expectWellFormed(transcript, speech.durationSeconds);
    const words = transcript.segments.flatMap((s) => s.words);
    const secondStart = first.speech.durationSeconds + 4;
    const late = words.filter((w) => w.start >= secondStart - 0.1);
    const early = words.filter((w) => w.end <= first.speech.durationSeconds + 0.1);
    expect(late.length + early.length).toBe(words.length);
    expect(keywordRecall(SENTENCES[0]!.keywords, late.map((w) => w.word).join(' '))).toBeGreaterThanOrEqual(
      0.75,
    );
    expect(keywordRecall(SENTENCES[0]!.keywords, early.map((w) => w.word).join(' '))).toBeGreaterThanOrEqual(
      0.75,
    );
  });

  // Its own one-thread transcriber loads the model and decodes three clips: 22 s alone at load 11,
  // past the default 60 s beside the full run at load 16. A hang still fails.
  it(
    'gives the same words, times and confidences whatever the worker decoded before',
    { timeout: 180_000 },
    async () => {
      const single = createPocketsphinxTranscriber({ workers: 1 });
      try {
        const clip = spoken(1).speech;
        const noise = dir.file('noise.wav');
        sox('-R', '-n', '-r', '16000', '-c', '1', '-b', '16', noise, 'synth', '4', 'pinknoise', 'vol', '0.3');
        const noisy = dir.file('noisy.wav');
        sox('-R', '-m', spoken(2).path, noise, noisy);
        const words = async (samples: Float32Array) =>
          (await single.transcribe({ samples, sampleRate: 16000 })).segments.flatMap((s) => s.words);
        const fresh = await words(clip.samples);
        await words(load(noisy).samples);
        expect(await words(clip.samples)).toEqual(fresh);
      } finally {
        await single.close();
      }
    },
  );

  it('returns an empty or near-empty transcript for silence, without throwing', async () => {
    const silence = dir.file('silence.wav');
    sox('-D', '-n', '-r', '16000', '-c', '1', '-b', '16', silence, 'trim', '0', '2');
    const speech = load(silence);
    const transcript = await transcriber.transcribe({ samples: speech.samples, sampleRate: 16000 });
    expectWellFormed(transcript, 2);
    expect(transcript.segments.flatMap((s) => s.words).length).toBeLessThanOrEqual(1);
  });

  it('returns an empty transcript for no samples at all', async () => {
    const transcript = await transcriber.transcribe({ samples: new Float32Array(0), sampleRate: 16000 });
    expect(transcript).toEqual({ text: '', language: 'en', durationSeconds: 0, segments: [] });
  });

  it('keeps concurrent jobs apart', async () => {
    const [first, second, third] = [0, 1, 2].map((i) => spoken(i).speech);
    const results = await Promise.all(
      [first!, second!, third!].map((speech) =>
        transcriber.transcribe({ samples: speech.samples, sampleRate: 16000 }),
      ),
    );
    results.forEach((transcript, i) => {
      expect(keywordRecall(SENTENCES[i]!.keywords, transcript.text)).toBeGreaterThanOrEqual(0.75);
    });
  });

  it('reports progress per utterance on a long recording while the event loop keeps running', async () => {
    const speech = load(longRecording(dir, 'long', [...SENTENCES, ...SENTENCES], 0.8));
    expect(speech.durationSeconds).toBeGreaterThan(35);

    const progress: number[] = [];
    let ticks = 0;
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks++;
    }, 10);
    const started = performance.now();
    const transcript = await transcriber
      .transcribe({ samples: speech.samples, sampleRate: 16000, onProgress: (f) => progress.push(f) })
      .finally(() => clearInterval(ticker));
    const elapsed = performance.now() - started;

    // Decoding takes seconds (one 30 s utterance alone takes 4+ s); the main
    // thread must have stayed free for timers throughout. The bounds leave room
    // for a CPU shared with other test files.
    expect(elapsed).toBeGreaterThan(2000);
    expect(ticks).toBeGreaterThan(elapsed / 100);
    expect(longestGap).toBeLessThan(1000);

    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((f, i) => f > 0 && f <= 1 && (i === 0 || f >= progress[i - 1]!))).toBe(true);

    expectWellFormed(transcript, speech.durationSeconds);
    const words = transcript.segments.flatMap((s) => s.words);
    expect(words.at(-1)!.start).toBeGreaterThan(30);
    const keywords = SENTENCES.flatMap((s) => s.keywords);
    expect(keywordRecall(keywords, transcript.text)).toBeGreaterThanOrEqual(0.75);
    // Pauses between sentences become segment breaks.
    expect(transcript.segments.length).toBeGreaterThanOrEqual(SENTENCES.length * 2 - 2);
  });

  it('reports progress while it decodes a single utterance, from the engine’s own position', async () => {
    // About 10 s of speech with short gaps: too short to be cut, so one native decode call.
    const speech = load(longRecording(dir, 'one-utterance', SENTENCES.slice(0, 3), 0.15));
    expect(speech.durationSeconds).toBeLessThan(12);
    const progress: number[] = [];
    await transcriber.transcribe({
      samples: speech.samples,
      sampleRate: 16000,
      onProgress: (f) => progress.push(f),
    });
    const within = progress.filter((f) => f > 0 && f < 1);
    expect(within.length, `progress: ${progress.join(', ')}`).toBeGreaterThanOrEqual(1);
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((f, i) => i === 0 || f >= progress[i - 1]!)).toBe(true);
  });

  it('accepts English language tags and rejects others', async () => {
    const { speech } = spoken(1);
    const transcript = await transcriber.transcribe({
      samples: speech.samples,
      sampleRate: 16000,
      language: 'en-GB',
    });
    expect(keywordRecall(SENTENCES[1]!.keywords, transcript.text)).toBeGreaterThanOrEqual(0.75);
    await expect(
      transcriber.transcribe({ samples: speech.samples, sampleRate: 16000, language: 'de' }),
    ).rejects.toMatchObject({ name: 'TranscriptionError', code: 'unsupported_language' });
  });

  it('rejects audio that is not 16 kHz', async () => {
    // Callers in plain JavaScript can get this wrong despite the type.
    const input = { samples: new Float32Array(8000), sampleRate: 8000 as 16000 };
    await expect(transcriber.transcribe(input)).rejects.toMatchObject({ code: 'invalid_input' });
  });
});

describe('pocketsphinx transcriber lifecycle', () => {
  it('aborts a running job at once and stays usable', async () => {
    const transcriber = createPocketsphinxTranscriber();
    try {
      const long = load(longRecording(dir, 'abortable', SENTENCES, 0.5));
      const controller = new AbortController();
      const job = transcriber.transcribe({
        samples: long.samples,
        sampleRate: 16000,
        signal: controller.signal,
      });
      setTimeout(() => controller.abort(), 300);
      const started = performance.now();
      await expect(job).rejects.toMatchObject({ name: 'AbortError' });
      expect(performance.now() - started).toBeLessThan(1000);

      await expect(
        transcriber.transcribe({ samples: long.samples, sampleRate: 16000, signal: AbortSignal.abort() }),
      ).rejects.toMatchObject({ name: 'AbortError' });

      // The worker drops the cancelled job and takes the next one.
      const { speech } = spoken(1);
      const transcript = await transcriber.transcribe({ samples: speech.samples, sampleRate: 16000 });
      expect(keywordRecall(SENTENCES[1]!.keywords, transcript.text)).toBeGreaterThanOrEqual(0.75);
    } finally {
      await transcriber.close();
    }
  });

  it('close() ends the worker threads and rejects later work', async () => {
    const before = threadCount();
    const transcriber = createPocketsphinxTranscriber({ workers: 2 });
    const { speech } = spoken(0);
    await Promise.all([
      transcriber.transcribe({ samples: speech.samples, sampleRate: 16000 }),
      transcriber.transcribe({ samples: speech.samples, sampleRate: 16000 }),
    ]);
    expect(threadCount()).toBeGreaterThanOrEqual(before + 2);

    await transcriber.close();
    await expect.poll(threadCount, { timeout: 2000 }).toBeLessThanOrEqual(before);
    await expect(
      transcriber.transcribe({ samples: speech.samples, sampleRate: 16000 }),
    ).rejects.toMatchObject({
      code: 'closed',
    });
  });

  it('shares decoder threads between transcribers that ask to, and closes them with the last', async () => {
    const { speech } = spoken(0);
    const input = { samples: speech.samples, sampleRate: 16000 as const };
    const before = threadCount();
    const first = createPocketsphinxTranscriber({ share: { keepMs: 0 } });
    const expected = await first.transcribe(input);
    const withOne = threadCount();
    expect(withOne).toBeGreaterThan(before);

    // The second uses the first one's thread (its model loaded): no thread is started.
    const second = createPocketsphinxTranscriber({ share: { keepMs: 0 } });
    expect((await second.transcribe(input)).text).toBe(expected.text);
    expect(threadCount()).toBe(withOne);

    // Closing one ends its own work only; the other decodes on.
    await first.close();
    await expect(first.transcribe(input)).rejects.toMatchObject({ code: 'closed' });
    expect((await second.transcribe(input)).text).toBe(expected.text);

    await second.close();
    await expect.poll(threadCount, { timeout: 2000 }).toBeLessThanOrEqual(before);
  });

  it('close() rejects jobs that are still running or queued', async () => {
    const transcriber = createPocketsphinxTranscriber();
    const long = load(longRecording(dir, 'interrupted', SENTENCES.slice(0, 4), 0.5));
    const jobs = Array.from({ length: 2 }, () =>
      transcriber.transcribe({ samples: long.samples, sampleRate: 16000 }).then(
        () => 'done',
        (error: unknown) => error,
      ),
    );
    // Long enough for the model to load and the first job to be decoding.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await transcriber.close();
    for (const outcome of await Promise.all(jobs)) expect(outcome).toMatchObject({ code: 'closed' });
  });

  it('reports a missing model with the package to install', async () => {
    const transcriber = createPocketsphinxTranscriber({ modelDir: dir.file('no-model') });
    try {
      const { speech } = spoken(0);
      await expect(
        transcriber.transcribe({ samples: speech.samples, sampleRate: 16000 }),
      ).rejects.toMatchObject({
        name: 'TranscriptionError',
        code: 'model_missing',
        message: expect.stringContaining('apt-get install pocketsphinx-en-us'),
      });
    } finally {
      await transcriber.close();
    }
  });

  it('reports a worker that cannot start', async () => {
    const transcriber = createPocketsphinxTranscriber({
      workerUrl: new URL('file:///nonexistent/worker.js'),
    });
    try {
      // A tone: silence alone is cut into no utterance and never reaches a worker.
      const samples = Float32Array.from(
        { length: 16000 },
        (_, i) => 0.3 * Math.sin((2 * Math.PI * 440 * i) / 16000),
      );
      await expect(transcriber.transcribe({ samples, sampleRate: 16000 })).rejects.toMatchObject({
        code: 'worker_failed',
      });
    } finally {
      await transcriber.close();
    }
  });

  it('rejects a nonsensical worker count', () => {
    expect(() => createPocketsphinxTranscriber({ workers: 0 })).toThrow(RangeError);
    expect(() => createPocketsphinxTranscriber({ workers: 1.5 })).toThrow(RangeError);
  });
});
