/**
 * The parts of diarization that need no audio: clustering many segments (the chunked path a
 * long recording takes), frame labels to turns, and speakers for recognised words.
 */
import { describe, expect, it } from 'vitest';
import { speakersOf } from '../../src/transcription/speakers/assign-speakers.ts';
import { clusterSegments } from '../../src/transcription/speakers/clustering.ts';
import { GaussianStats } from '../../src/transcription/speakers/gaussian.ts';
import { labelsToTurns } from '../../src/transcription/speakers/turns.ts';
import { DEFAULT_TUNING } from '../../src/transcription/speakers/tuning.ts';

const DIMS = 16;

/** Segments of 100 frames drawn from one of two Gaussians, in an order given by `who`. */
function segments(who: number[]): GaussianStats[] {
  let seed = 7;
  const uniform = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed + 1) / 0x80000000;
  };
  const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  const frame = new Float32Array(DIMS);
  return who.map((speaker) => {
    const stats = new GaussianStats(DIMS);
    for (let f = 0; f < 100; f++) {
      for (let d = 0; d < DIMS; d++)
        frame[d] = speaker === 0 ? normal() : 1.5 + 1.3 * normal() + 0.3 * frame[0]!;
      stats.add(frame, 0);
    }
    return stats;
  });
}

describe('clusterSegments', () => {
  // 300 segments: more than one chunk (256), so the chunks' clusters are clustered again.
  const who = Array.from({ length: 300 }, (_, i) => (Math.floor(i / 7) % 3 === 1 ? 1 : 0));
  const stats = segments(who);

  for (const speakers of [2, 'auto'] as const) {
    it(`puts each source's segments in one cluster of their own across chunks (${speakers})`, () => {
      const clusters = clusterSegments(stats, speakers, DEFAULT_TUNING);
      expect(clusters).toHaveLength(2);
      const sources = clusters.map((c) => new Set(c.members.map((m) => who[m])));
      expect(sources.map((s) => s.size)).toEqual([1, 1]);
      expect(clusters.reduce((n, c) => n + c.members.length, 0)).toBe(300);
    });
  }
});

describe('labelsToTurns', () => {
  it('numbers speakers by first appearance, joins short pauses and keeps long ones', () => {
    const labels = new Int16Array([-1, 3, 3, -1, 3, 1, 1, ...new Array<number>(150).fill(-1), 1, 3]);
    const turns = labelsToTurns(labels, 1);
    expect(turns.map((t) => t.speaker)).toEqual([0, 1, 1, 0]);
    expect(turns[0]).toEqual({ start: 0.018, end: 0.058, speaker: 0 });
    expect(turns[1]!.end).toBeCloseTo(0.078, 3);
    expect(turns[2]!.start).toBeCloseTo(1.578, 3);
  });

  it('gives nothing for silence', () => {
    expect(labelsToTurns(new Int16Array(50).fill(-1), 1)).toEqual([]);
  });
});

describe('speakersOf', () => {
  const turns = [
    { start: 0, end: 2, speaker: 0 },
    { start: 2, end: 5, speaker: 1 },
    { start: 6, end: 8, speaker: 0 },
  ];

  it('gives each word the speaker it overlaps most, or the nearer turn in a pause', () => {
    const words = [
      { start: 0.2, end: 0.5 },
      { start: 1.8, end: 2.5 }, // mostly the second turn
      { start: 5.1, end: 5.3 }, // in the pause, nearer the second turn
      { start: 5.7, end: 5.9 }, // in the pause, nearer the third
      { start: 7, end: 7.5 },
      { start: 9, end: 9.5 }, // after the last turn
    ];
    expect(speakersOf(words, turns)).toEqual([0, 1, 1, 0, 0, 0]);
  });

  it('works for segments out of order, and gives null without turns', () => {
    expect(
      speakersOf(
        [
          { start: 6.5, end: 7 },
          { start: 0, end: 1.9 },
        ],
        turns,
      ),
    ).toEqual([0, 0]);
    expect(speakersOf([{ start: 0, end: 1 }], [])).toEqual([null]);
  });
});
