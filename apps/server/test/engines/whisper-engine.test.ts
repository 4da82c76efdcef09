import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TranscriptionError } from '../../src/transcription/errors.ts';
import { createWhisperTranscriber } from '../../src/transcription/whisper/engine.ts';
import { toTranscript } from '../../src/transcription/whisper/to-transcript.ts';
import { makeTinyGgml } from './support/make-tiny-ggml.ts';

const dir = mkdtempSync(join(tmpdir(), 'voxpad-whisper-'));
const modelPath = join(dir, 'ggml-tiny-random.bin');

function tone(seconds: number): Float32Array {
  const samples = new Float32Array(Math.round(seconds * 16000));
  for (let i = 0; i < samples.length; i++) samples[i] = 0.3 * Math.sin((2 * Math.PI * 220 * i) / 16000);
  return samples;
}

beforeAll(() => {
  writeFileSync(modelPath, makeTinyGgml());
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('whisper engine (whisper.cpp through smart-whisper, generated random-weight model)', () => {
  it('loads the generated ggml model and returns a well-formed transcript', async () => {
    const transcriber = createWhisperTranscriber({ modelPath, threads: 1 });
    try {
      const progress: number[] = [];
      const duration = 3;
      const transcript = await transcriber.transcribe({
        samples: tone(duration),
        sampleRate: 16000,
        language: 'en',
        onProgress: (f) => progress.push(f),
      });
      expect(transcriber.name).toBe('whisper');
      expect(transcript.language).toBe('en');
      expect(transcript.durationSeconds).toBeCloseTo(duration, 5);
      expect(typeof transcript.text).toBe('string');
      expect(transcript.segments.length).toBeGreaterThan(0); // random weights still emit tokens
      for (const segment of transcript.segments) {
        expect(segment.start).toBeGreaterThanOrEqual(0);
        expect(segment.end).toBeGreaterThanOrEqual(segment.start);
        expect(segment.end).toBeLessThanOrEqual(duration);
        for (const word of segment.words) {
          expect(word.word).not.toMatch(/^\s|\s$|\[_/);
          expect(word.start).toBeGreaterThanOrEqual(0);
          expect(word.end).toBeLessThanOrEqual(duration);
          expect(word.confidence).toBeGreaterThanOrEqual(0);
          expect(word.confidence).toBeLessThanOrEqual(1);
        }
      }
      expect(progress.at(-1)).toBe(1);

      // The host stays up: a second recording reuses the loaded model.
      const again = await transcriber.transcribe({ samples: tone(1), sampleRate: 16000 });
      expect(again.durationSeconds).toBeCloseTo(1, 5);
    } finally {
      await transcriber.close();
    }
  });

  it('answers empty audio without starting whisper', async () => {
    const transcriber = createWhisperTranscriber({ modelPath: join(dir, 'absent.bin') });
    const transcript = await transcriber.transcribe({ samples: new Float32Array(0), sampleRate: 16000 });
    expect(transcript).toEqual({ text: '', language: 'en', durationSeconds: 0, segments: [] });
    await transcriber.close();
  });

  it('names a missing model file', async () => {
    const transcriber = createWhisperTranscriber({ modelPath: join(dir, 'absent.bin') });
    const error = await transcriber
      .transcribe({ samples: tone(1), sampleRate: 16000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TranscriptionError);
    expect((error as TranscriptionError).code).toBe('model_missing');
    expect((error as Error).message).toMatch(/cannot be read \(ENOENT\).*WHISPER_MODEL_PATH/);
    await transcriber.close();
  });

  it('refuses a file that is not a ggml model', async () => {
    const bogus = join(dir, 'bogus.bin');
    writeFileSync(bogus, Buffer.from('GGUF this is some other format, padded out to be long enough.'));
    const transcriber = createWhisperTranscriber({ modelPath: bogus });
    await expect(transcriber.transcribe({ samples: tone(1), sampleRate: 16000 })).rejects.toThrow(
      /not a whisper\.cpp ggml model/,
    );
    await transcriber.close();
  });

  it('survives a corrupt (truncated) model: the host dies, the server does not', async () => {
    const truncated = join(dir, 'truncated.bin');
    const whole = makeTinyGgml();
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const transcriber = createWhisperTranscriber({ modelPath: truncated });
    const error = await transcriber
      .transcribe({ samples: tone(1), sampleRate: 16000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TranscriptionError);
    expect((error as TranscriptionError).code).toBe('model_missing');
    expect((error as Error).message).toMatch(/could not load .*truncated or corrupt/);
    // A later job tries again (and fails the same way) instead of hanging.
    await expect(transcriber.transcribe({ samples: tone(1), sampleRate: 16000 })).rejects.toThrow(
      /could not load/,
    );
    await transcriber.close();
  });

  it('refuses audio at another sample rate', async () => {
    const transcriber = createWhisperTranscriber({ modelPath });
    await expect(
      transcriber.transcribe({ samples: tone(1), sampleRate: 8000 as 16000 }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
    await transcriber.close();
  });
});

describe('toTranscript', () => {
  it('glues tokens into words, drops special tokens and clamps times to the audio', () => {
    const transcript = toTranscript(
      [
        {
          from: 0,
          to: 30_000,
          text: ' Hello there',
          lang: 'en',
          tokens: [
            { text: '[_BEG_]', id: 50363, p: 1, from: 0, to: 0 },
            { text: ' Hel', id: 1, p: 0.8, from: 0, to: 300 },
            { text: 'lo', id: 2, p: 0.6, from: 300, to: 600 },
            { text: ' there', id: 3, p: 0.9, from: 700, to: 2_500 },
            { text: '[_TT_1500]', id: 51864, p: 1, from: 30_000, to: 30_000 },
          ],
        },
      ],
      2,
    );
    expect(transcript.text).toBe('Hello there');
    expect(transcript.segments).toEqual([
      {
        start: 0,
        end: 2,
        text: 'Hello there',
        words: [
          { word: 'Hello', start: 0, end: 0.6, confidence: 0.7 },
          { word: 'there', start: 0.7, end: 2, confidence: 0.9 },
        ],
      },
    ]);
  });
});
