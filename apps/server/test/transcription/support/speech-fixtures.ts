/**
 * Spoken test material: flite sentences, format variants of them, a long
 * recording with pauses, and checks every transcript must pass.
 */
import { expect } from 'vitest';
import { resample } from '../../../src/transcription/audio/resample.ts';
import { decodeWav } from '../../../src/transcription/audio/wav.ts';
import type { Transcript } from '../../../src/transcription/transcriber.ts';
import { type FixtureDir, read, sox, speak } from './speech.ts';

export interface Sentence {
  text: string;
  /** Content words a decent recogniser should get; recall is measured on these. */
  keywords: string[];
}

export const SENTENCES: Sentence[] = [
  {
    text: 'the quick brown fox jumps over the lazy dog',
    keywords: ['quick', 'brown', 'fox', 'jumps', 'lazy', 'dog'],
  },
  {
    text: 'please remember to buy milk and bread tomorrow morning',
    keywords: ['remember', 'buy', 'milk', 'bread', 'tomorrow', 'morning'],
  },
  {
    text: 'call the dentist on monday to schedule a cleaning',
    keywords: ['call', 'dentist', 'monday', 'schedule', 'cleaning'],
  },
  {
    text: "don't forget to water the plants and feed the cat",
    keywords: ['forget', 'water', 'plants', 'feed', 'cat'],
  },
  {
    text: 'we should plan a trip to the mountains next summer',
    keywords: ['plan', 'trip', 'mountains', 'next', 'summer'],
  },
];

export interface Speech {
  samples: Float32Array;
  durationSeconds: number;
}

/**
 * A WAV file as 16 kHz mono float samples, what Transcriber.transcribe takes: read by the
 * server's WAV reader, its channels averaged and resampled by the server's resampler.
 */
export function load(path: string): Speech {
  const { sampleRate, channels } = decodeWav(read(path));
  const frames = channels[0]?.length ?? 0;
  const mono = new Float32Array(frames);
  for (const channel of channels) {
    for (let i = 0; i < frames; i++) mono[i]! += channel[i]! / channels.length;
  }
  return { samples: resample(mono, sampleRate, 16000), durationSeconds: frames / sampleRate };
}

/** Speaks each sentence, separated by `pauseSeconds` of silence, into one 16 kHz file. */
export function longRecording(
  dir: FixtureDir,
  name: string,
  sentences: readonly Sentence[],
  pauseSeconds: number,
): string {
  const gap = dir.file(`${name}-gap.wav`);
  sox('-D', '-n', '-r', '16000', '-c', '1', '-b', '16', gap, 'trim', '0', String(pauseSeconds));
  const parts = sentences.flatMap((sentence, i) => [speak(sentence.text, dir.file(`${name}-${i}.wav`)), gap]);
  const out = dir.file(`${name}.wav`);
  sox(...parts, out);
  return out;
}

/** Invariants of every transcript, whatever was said. */
export function expectWellFormed(transcript: Transcript, durationSeconds: number): void {
  expect(transcript.language).toBe('en');
  expect(transcript.durationSeconds).toBeCloseTo(durationSeconds, 3);
  const words = transcript.segments.flatMap((segment) => segment.words);
  expect(transcript.text).toBe(words.map((w) => w.word).join(' '));
  let previousEnd = 0;
  for (const word of words) {
    expect(word.word).toMatch(/^[a-z0-9'.-]+$/);
    expect(word.start).toBeGreaterThanOrEqual(previousEnd - 1e-9);
    expect(word.end).toBeGreaterThanOrEqual(word.start);
    expect(word.end).toBeLessThanOrEqual(durationSeconds + 1e-9);
    expect(word.confidence).toBeGreaterThanOrEqual(0);
    expect(word.confidence).toBeLessThanOrEqual(1);
    previousEnd = word.end;
  }
  for (const segment of transcript.segments) {
    expect(segment.text).toBe(segment.words.map((w) => w.word).join(' '));
    expect(segment.start).toBe(segment.words[0]!.start);
    expect(segment.end).toBe(segment.words.at(-1)!.end);
  }
}
