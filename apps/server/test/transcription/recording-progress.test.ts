/**
 * Progress of a recording transcribed as it decodes (transcribe-recording.ts): the engine is told
 * the recording's length from its header before the first chunk, so progress counts toward the
 * real end. Before, a recording of over five minutes (streamed, ADR 0056) had no length until
 * all of it was read, and the pocketsphinx engine's progress sat at 99 % from the first minute
 * to the last. The audio decoding thread and ffmpeg are real; the engine here only counts what
 * it is given (the pocketsphinx engine's own progress, given a length, is tested with real
 * decodes in pocketsphinx-engine.test.ts).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { createAudioDecoder } from '../../src/transcription/audio/audio-decoder.ts';
import type {
  StreamTranscribeInput,
  StreamTranscriber,
} from '../../src/transcription/audio/pcm-transcriber.ts';
import { transcribeRecording } from '../../src/transcription/audio/transcribe-recording.ts';
import type { Transcript } from '../../src/transcription/transcriber.ts';
import { toneWav } from '../support/wav.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-recording-progress-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What the engine knew of the length at each chunk it was given, as a share of the samples. */
function countingEngine(seen: number[]): StreamTranscriber {
  const empty: Transcript = { text: '', language: 'en', durationSeconds: 0, segments: [] };
  return {
    name: 'counting',
    model: 'none',
    transcribe: () => Promise.resolve(empty),
    transcribePcm: () => Promise.resolve(empty),
    close: () => Promise.resolve(),
    async transcribeStream(input: StreamTranscribeInput): Promise<Transcript> {
      let fed = 0;
      for await (const chunk of input.chunks) {
        fed += chunk.pcm.length;
        const expected = input.expectedSamples?.() ?? 0;
        seen.push(expected === 0 ? Number.POSITIVE_INFINITY : fed / expected);
      }
      return empty;
    },
  };
}

describe('a long recording’s progress', () => {
  it('is counted against the length its header states, from the first chunk (WAV, Ogg, WebM)', async () => {
    // Six minutes: over the five-minute loudness window, so chunks flow while it decodes.
    const wav = path.join(dir, 'long.wav');
    fs.writeFileSync(wav, toneWav(360, 16000));
    const ogg = path.join(dir, 'long.ogg');
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', wav, '-c:a', 'libopus', '-b:a', '16k', ogg]);
    // WebM as a browser's recorder writes it, as it goes: its header states no Duration
    // (ffmpeg writing to a pipe cannot go back to fill it in either).
    const webm = path.join(dir, 'long.webm');
    fs.writeFileSync(
      webm,
      execFileSync(
        'ffmpeg',
        ['-loglevel', 'error', '-i', wav, '-c:a', 'libopus', '-b:a', '16k', '-f', 'webm', '-'],
        {
          maxBuffer: 64 << 20,
        },
      ),
    );
    const decodeAudio = createAudioDecoder({ maxDurationSeconds: 3600 });
    for (const file of [wav, ogg, webm]) {
      const seen: number[] = [];
      const { durationSeconds } = await transcribeRecording({
        decodeAudio,
        transcriber: countingEngine(seen),
        bytes: { path: file },
      });
      expect(durationSeconds, file).toBeCloseTo(360, 0);
      expect(seen.length, file).toBeGreaterThan(3);
      // The first chunk is a small share of the whole, and the shares grow to about 1.
      expect(seen[0], file).toBeLessThan(0.9);
      expect(seen.at(-1), file).toBeGreaterThan(0.97);
      expect(seen.at(-1), file).toBeLessThan(1.03);
    }
  });
});
