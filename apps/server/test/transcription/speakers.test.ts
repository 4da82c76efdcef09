/**
 * Speaker diarization on audio: synthetic voices (support/voices.ts) in known turns, and
 * two flite voices (spoken once per machine: fixture-cache.ts). Each test checks who speaks
 * when against the turns it built, so a change that breaks features, segmentation or
 * clustering fails here in a second; bench:speakers measures the error rate at length.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeWav } from '../../src/transcription/audio/wav.ts';
import {
  SpeakerDiarizer,
  diarize,
  diarizeWithPrints,
  type SpeakerTurn,
  voiceprintOf,
} from '../../src/transcription/speakers/diarize.ts';
import { printDistance } from '../../src/transcription/speakers/voiceprint.ts';
import { speakersOf } from '../../src/transcription/speakers/assign-speakers.ts';
import { cachedToolRun } from '../support/fixture-cache.ts';
import { FixtureDir } from './support/speech.ts';
import { HIGH_VOICE, LOW_VOICE, type Voice, concatenate, silence, voiced } from './support/voices.ts';

const RATE = 16_000;

interface Expected {
  start: number;
  end: number;
  who: string;
}

/** Builds a recording from turns (a voice's name and seconds, or a pause) and the turns' times. */
function recording(turns: ([string, number] | number)[], voices: Record<string, Voice>) {
  const pieces: Float32Array[] = [];
  const expected: Expected[] = [];
  let at = 0;
  turns.forEach((turn, i) => {
    const samples = typeof turn === 'number' ? silence(turn) : voiced(voices[turn[0]]!, turn[1], i);
    if (typeof turn !== 'number') expected.push({ start: at, end: at + turn[1], who: turn[0] });
    pieces.push(samples);
    at += samples.length / RATE;
  });
  return { pcm: concatenate(pieces), expected };
}

/**
 * Share of the expected speech (10 ms steps, 0.25 s either side of a change not counted)
 * given to the right speaker, under the mapping of found speakers to names that agrees most.
 */
function agreement(expected: Expected[], turns: SpeakerTurn[]): number {
  const names = [...new Set(expected.map((e) => e.who))];
  const found = Math.max(0, ...turns.map((t) => t.speaker + 1));
  const votes = Array.from({ length: found }, () => new Map<string, number>());
  let scored = 0;
  for (const e of expected) {
    for (let t = e.start + 0.25; t < e.end - 0.25; t += 0.01) {
      scored++;
      const turn = turns.find((x) => x.start <= t && t < x.end);
      if (turn) votes[turn.speaker]!.set(e.who, (votes[turn.speaker]!.get(e.who) ?? 0) + 1);
    }
  }
  // Each found speaker stands for the name it overlaps most; no name twice.
  const taken = new Set<string>();
  let right = 0;
  for (const v of votes.sort((a, b) => Math.max(0, ...b.values()) - Math.max(0, ...a.values()))) {
    const best = [...v.entries()].filter(([n]) => !taken.has(n)).sort((a, b) => b[1] - a[1])[0];
    if (!best) continue;
    taken.add(best[0]);
    right += best[1];
  }
  expect(names.length).toBeGreaterThan(0);
  return right / scored;
}

describe('diarize on synthetic voices', () => {
  const voices = { low: LOW_VOICE, high: HIGH_VOICE, mid: { pitch: 150, tract: 1.08 } };

  it('finds two voices taking turns, with pauses and back to back, given 2 or on its own', () => {
    const { pcm, expected } = recording(
      [0.5, ['low', 3], 0.6, ['high', 2.5], 0.4, ['low', 4], ['high', 3], ['low', 1.5], ['high', 3.5], 0.5],
      voices,
    );
    for (const speakers of [2, 'auto'] as const) {
      const turns = diarize(pcm, { speakers });
      expect(new Set(turns.map((t) => t.speaker))).toEqual(new Set([0, 1]));
      expect(agreement(expected, turns)).toBeGreaterThan(0.95);
      // Back-to-back changes are found to within a fifth of a second.
      for (const change of [11, 14, 15.5]) {
        expect(turns.some((t) => Math.abs(t.start - change) < 0.2)).toBe(true);
      }
    }
  });

  it('gives the same turns fed in small pieces as a decoder streams them, across its 5-minute windows', () => {
    const turns: ([string, number] | number)[] = [];
    for (let i = 0; i < 50; i++) turns.push([i % 2 ? 'high' : 'low', 4 + (i % 5)], 0.7);
    const { pcm } = recording(turns, voices);
    // Past one window (5 min), so a window boundary falls inside the recording.
    expect(pcm.length / RATE).toBeGreaterThan(300);
    const whole = diarize(pcm, { speakers: 2 });
    const streamed = new SpeakerDiarizer();
    const piece = Math.round(RATE * 0.37);
    for (let at = 0; at < pcm.length; at += piece) streamed.push(pcm.slice(at, at + piece));
    expect(streamed.finish(2)).toEqual(whole);
    expect(new Set(whole.map((t) => t.speaker))).toEqual(new Set([0, 1]));
  });

  it('numbers speakers by first appearance and joins a speaker across short pauses', () => {
    const { pcm } = recording([['high', 2], 0.5, ['high', 2], 0.5, ['low', 3]], voices);
    const turns = diarize(pcm, { speakers: 2 });
    expect(turns.map((t) => t.speaker)).toEqual([0, 1]);
    expect(turns[0]!.start).toBeLessThan(0.1);
    expect(turns[0]!.end).toBeCloseTo(4.5, 0);
  });

  it('finds three voices on its own, and one voice is one speaker', () => {
    const { pcm, expected } = recording(
      [['low', 3], 0.5, ['mid', 3], 0.5, ['high', 3], 0.5, ['low', 2.5], ['mid', 2.5], ['high', 2]],
      voices,
    );
    const turns = diarize(pcm);
    expect(new Set(turns.map((t) => t.speaker)).size).toBe(3);
    expect(agreement(expected, turns)).toBeGreaterThan(0.9);

    const alone = diarize(recording([['mid', 4], 0.8, ['mid', 5]], voices).pcm);
    expect(new Set(alone.map((t) => t.speaker))).toEqual(new Set([0]));
  });

  it('given 1, gives all the speech to one speaker', () => {
    const { pcm } = recording([['low', 3], 0.5, ['high', 3]], voices);
    const turns = diarize(pcm, { speakers: 1 });
    expect(turns.map((t) => t.speaker)).toEqual([0]);
    expect(turns[0]!.end - turns[0]!.start).toBeGreaterThan(6);
  });

  it('finds nobody in silence and hiss, and refuses a number of speakers that is not one', () => {
    expect(diarize(concatenate([silence(3)]))).toEqual([]);
    expect(diarize(new Int16Array(100))).toEqual([]);
    expect(() => diarize(new Int16Array(16_000), { speakers: 0 })).toThrow(RangeError);
    expect(() => diarize(new Int16Array(16_000), { speakers: 1.5 })).toThrow(RangeError);
  });

  it('runs the optional resegmentation without losing the voices', () => {
    const { pcm, expected } = recording([['low', 3], ['high', 3], 0.4, ['low', 3]], voices);
    const turns = diarize(pcm, { speakers: 2, tuning: { resegmentations: 1 } });
    expect(agreement(expected, turns)).toBeGreaterThan(0.9);
  });
});

describe('diarize on flite voices', () => {
  const dir = new FixtureDir();
  afterAll(() => dir.remove());

  function flite(voice: string, text: string): Float32Array {
    const file = cachedToolRun(
      'flite',
      ['-voice', voice, '-t', text, '-o', dir.file(`${voice}.wav`)],
      dir.file(`${voice}.wav`),
    );
    const audio = decodeWav(new Uint8Array(readFileSync(file)));
    expect(audio.sampleRate).toBe(RATE);
    return audio.channels[0]!;
  }

  it('tells slt from awb, and gives their words the right speaker', () => {
    const slt = flite('slt', 'the garden gate was left open all night and the goats got out');
    const awb = flite('awb', 'then we will have to mend the fence before the weekend');
    const pcm = concatenate([slt, awb, slt], 0.0002);
    const [a, b] = [slt.length / RATE, awb.length / RATE];
    const turns = diarize(pcm, { speakers: 'auto' });
    const expected = [
      { start: 0, end: a, who: 'slt' },
      { start: a, end: a + b, who: 'awb' },
      { start: a + b, end: 2 * a + b, who: 'slt' },
    ];
    expect(new Set(turns.map((t) => t.speaker)).size).toBe(2);
    expect(agreement(expected, turns)).toBeGreaterThan(0.9);
    const words = expected.map((e) => ({
      start: (e.start + e.end) / 2 - 0.2,
      end: (e.start + e.end) / 2 + 0.2,
    }));
    expect(speakersOf(words, turns)).toEqual([0, 1, 0]);
  });

  it('gives each speaker a voiceprint in the turns’ numbering, and one print for all the speech (ADR 0058)', () => {
    const slt = flite('slt', 'the garden gate was left open all night and the goats got out');
    const awb = flite('awb', 'then we will have to mend the fence before the weekend');
    const pcm = concatenate([awb, slt, awb], 0.0002);
    const { turns, prints } = diarizeWithPrints(pcm, { speakers: 2 });
    expect(turns).toEqual(diarize(pcm, { speakers: 2 }));
    expect(prints).toHaveLength(2);
    const alone = { awb: voiceprintOf(awb)!, slt: voiceprintOf(slt)! };
    // Speaker 0 speaks first: awb.
    expect(printDistance(prints[0]!, alone.awb)).toBeLessThan(printDistance(prints[0]!, alone.slt));
    expect(printDistance(prints[1]!, alone.slt)).toBeLessThan(printDistance(prints[1]!, alone.awb));
    const whole = voiceprintOf(pcm)!;
    expect(whole.frames).toBe(prints[0]!.frames + prints[1]!.frames);
    const streamed = new SpeakerDiarizer();
    for (let i = 0; i < pcm.length; i += 5_920) streamed.push(pcm.subarray(i, i + 5_920));
    expect(streamed.finishAsOneVoice()).toEqual(whole);
  });
});
