/**
 * The print maths of ADR 0058: a print is the diagonal of the frames' statistics; prints pool
 * exactly (folding notes one by one gives the print of all their frames); the distance is zero
 * for one voice, symmetric, and grows as voices differ; the owner is the closest speaker under
 * the threshold, and nobody without enough profile speech; which notes teach.
 */
import { describe, expect, it } from 'vitest';
import { GaussianStats } from '../../src/transcription/speakers/gaussian.ts';
import {
  combinePrints,
  compactPrint,
  parsePrint,
  printDistance,
  printOf,
  type VoicePrint,
} from '../../src/transcription/speakers/voiceprint.ts';
import { recogniseOwner, RECOGNITION } from '../../src/transcripts/owner-voice/recognise-owner.ts';
import { keptPrints, nameOwner } from '../../src/transcripts/owner-voice/name-owner.ts';
import { teachingPrint } from '../../src/transcripts/owner-voice/teach-voice.ts';

/** Seeded frames around `mean` with spread `spread`, 3 dimensions. */
function frames(count: number, mean: number[], spread: number[], seed: number): Float32Array {
  let a = seed;
  const rand = () => ((a = (a * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
  const values = new Float32Array(count * mean.length);
  for (let f = 0; f < count; f++) {
    for (let i = 0; i < mean.length; i++) values[f * mean.length + i] = mean[i]! + spread[i]! * rand();
  }
  return values;
}

function statsOf(values: Float32Array, dims: number, from = 0, to = values.length / dims): GaussianStats {
  const stats = new GaussianStats(dims);
  for (let f = from; f < to; f++) stats.add(values, f * dims);
  return stats;
}

const close = (a: VoicePrint, b: VoicePrint) => {
  expect(a.frames).toBe(b.frames);
  a.mean.forEach((m, i) => expect(m).toBeCloseTo(b.mean[i]!, 6));
  a.variance.forEach((v, i) => expect(v).toBeCloseTo(b.variance[i]!, 6));
};

describe('voiceprints', () => {
  const values = frames(1000, [1, -2, 0.5], [1, 2, 0.3], 7);

  it('are the mean and diagonal variance of the frames', () => {
    const print = printOf(statsOf(values, 3))!;
    let sum = 0;
    let squares = 0;
    for (let f = 0; f < 1000; f++) {
      sum += values[f * 3 + 1]!;
      squares += values[f * 3 + 1]! ** 2;
    }
    expect(print.frames).toBe(1000);
    expect(print.mean[1]).toBeCloseTo(sum / 1000, 9);
    expect(print.variance[1]).toBeCloseTo(squares / 1000 - (sum / 1000) ** 2, 9);
    expect(printOf(new GaussianStats(3))).toBeUndefined();
  });

  it('pool exactly: folding parts one by one gives the print of all the frames', () => {
    const whole = printOf(statsOf(values, 3))!;
    const parts = [0, 100, 450, 1000]
      .slice(1)
      .map((to, i, ends) => printOf(statsOf(values, 3, i ? ends[i - 1] : 0, to))!);
    close(parts.reduce(combinePrints), whole);
  });

  it('are zero apart for one voice, symmetric, and further apart as voices differ', () => {
    const a = printOf(statsOf(values, 3))!;
    const near = printOf(statsOf(frames(1000, [1.2, -2, 0.5], [1, 2, 0.3], 9), 3))!;
    const far = printOf(statsOf(frames(1000, [3, 1, 0.5], [1, 2, 0.6], 11), 3))!;
    expect(printDistance(a, a)).toBeCloseTo(0, 12);
    expect(printDistance(a, far)).toBeCloseTo(printDistance(far, a), 12);
    expect(printDistance(a, near)).toBeGreaterThan(0);
    expect(printDistance(a, far)).toBeGreaterThan(printDistance(a, near));
  });

  it('survive being stored: rounded, parsed, refused when malformed', () => {
    const print = compactPrint(printOf(statsOf(values, 3))!);
    expect(parsePrint(JSON.parse(JSON.stringify(print)))).toEqual(print);
    expect(parsePrint({ frames: 1, mean: [1], variance: [0] })).toBeUndefined();
    expect(parsePrint({ frames: 1, mean: [1, 2], variance: [1] })).toBeUndefined();
    expect(parsePrint('x')).toBeUndefined();
  });
});

describe('recognising the owner', () => {
  const voice = (shift: number, frames: number): VoicePrint => ({
    frames,
    mean: [shift, 0, 0],
    variance: [1, 1, 1],
  });
  const profile = voice(0, RECOGNITION.minProfileFrames);

  it('names the closest speaker under the threshold, at most one', () => {
    expect(recogniseOwner({ S1: voice(3, 500), S2: voice(0.1, 500), S3: voice(0.2, 500) }, profile)).toBe(
      'S2',
    );
    expect(recogniseOwner({ S1: voice(3, 500), S2: voice(2, 500) }, profile)).toBeUndefined();
  });

  it('names nobody without a profile, with too little profile speech, or a speaker heard too briefly', () => {
    expect(recogniseOwner({ S1: voice(0, 500) }, undefined)).toBeUndefined();
    expect(recogniseOwner({ S1: voice(0, 500) }, voice(0, RECOGNITION.minProfileFrames - 1))).toBeUndefined();
    expect(recogniseOwner({ S1: voice(0, RECOGNITION.minSpeakerFrames - 1) }, profile)).toBeUndefined();
  });

  it('names "You" only a speaker still called by its default name, and nobody when someone is "You"', () => {
    const speakers = [
      { id: 'S1', name: 'Speaker 1' },
      { id: 'S2', name: 'Speaker 2' },
    ];
    expect(nameOwner(speakers, 'S2')).toEqual([speakers[0], { id: 'S2', name: 'You' }]);
    expect(nameOwner([{ id: 'S1', name: 'Ana' }, speakers[1]!], 'S1')).toEqual([
      { id: 'S1', name: 'Ana' },
      speakers[1],
    ]);
    expect(nameOwner([{ id: 'S1', name: 'you' }, speakers[1]!], 'S2')[1]!.name).toBe('Speaker 2');
    expect(nameOwner(speakers, undefined)).toEqual(speakers);
  });

  it('keeps prints under the ids a re-transcription keeps, pooling merged speakers', () => {
    const kept = keptPrints(
      { S1: voice(0, 100), S2: voice(2, 100), S3: voice(1, 100) },
      new Map([['S3', 'S1']]),
    );
    expect(Object.keys(kept).sort()).toEqual(['S1', 'S2']);
    expect(kept.S1!.frames).toBe(200);
    expect(kept.S1!.mean[0]).toBeCloseTo(0.5, 12);
  });
});

describe('which notes teach', () => {
  const print: VoicePrint = { frames: RECOGNITION.minSpeakerFrames, mean: [0], variance: [1] };
  const one = { speakers: [], prints: { S1: print }, speakersEdited: false };

  it('a reviewed one-voice note teaches its print; an unreviewed one does not', () => {
    expect(teachingPrint({ ...one, reviewed: 'confirmed' })).toBe(print);
    expect(teachingPrint({ ...one, reviewed: 'corrected' })).toBe(print);
    expect(teachingPrint({ ...one, reviewed: 'none' })).toBeUndefined();
  });

  it('a note of several speakers teaches only the one a person’s edits leave named "You"', () => {
    const other = { ...print, mean: [3] };
    const speakers = [
      { id: 'S1', name: 'Speaker 1' },
      { id: 'S2', name: 'You' },
    ];
    const note = { speakers, prints: { S1: other, S2: print }, reviewed: 'confirmed' as const };
    expect(teachingPrint({ ...note, speakersEdited: true })).toBe(print);
    expect(teachingPrint({ ...note, speakersEdited: false })).toBeUndefined();
    expect(
      teachingPrint({ ...note, speakers: [speakers[0]!, { id: 'S2', name: 'B' }], speakersEdited: true }),
    ).toBeUndefined();
  });

  it('too little speech teaches nothing', () => {
    expect(
      teachingPrint({ ...one, prints: { S1: { ...print, frames: 10 } }, reviewed: 'confirmed' }),
    ).toBeUndefined();
  });
});
