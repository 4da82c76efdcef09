/**
 * Dialogues for the bench: 2, 3 or 4 voices taking turns of 1 to 30 s (log-uniform, so
 * short turns are as common as in conversation), either with pauses of 0.3 to 1.5 s between
 * turns or back to back. A turn is its voice's next sentences, 0.2 s apart, cut to the
 * turn's length. Each speaker has a loudness of their own (±4 dB), and the whole recording a
 * faint noise floor (−66 dBFS), so silence is not digital zero. Seeded: the same seed gives
 * the same dialogue.
 */
import { speak, VOICES } from './voices.ts';

export const SAMPLE_RATE = 16_000;

export interface ReferenceTurn {
  start: number;
  end: number;
  speaker: string;
}

export interface Dialogue {
  name: string;
  speakers: number;
  pauses: boolean;
  voices: string[];
  samples: Float32Array;
  reference: ReferenceTurn[];
}

export interface DialogueSpec {
  seed: number;
  speakers: number;
  pauses: boolean;
  /** Speech to aim for, in seconds. */
  seconds: number;
  sentences: readonly string[];
}

/** mulberry32: small, seedable, good enough to pick voices and lengths. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function buildDialogue({ seed, speakers, pauses, seconds, sentences }: DialogueSpec): Dialogue {
  const rand = random(seed);
  const pool = [...VOICES];
  const voices: string[] = [];
  while (voices.length < speakers) voices.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]!);
  const gains = voices.map(() => 10 ** ((rand() * 8 - 4) / 20));
  const nextSentence = voices.map(() => Math.floor(rand() * sentences.length));

  const parts: Float32Array[] = [];
  const reference: ReferenceTurn[] = [];
  let cursor = 0;
  let current = -1;
  let speech = 0;
  let turn = 0;
  while (speech < seconds || turn < speakers) {
    // Everyone speaks once before anyone speaks twice; after that, anyone but the last.
    let who: number;
    if (turn < speakers) who = turn;
    else
      do who = Math.floor(rand() * speakers);
      while (who === current);
    current = who;
    turn++;
    const length = Math.exp(rand() * Math.log(30)); // 1..30 s
    const samples = Math.round(length * SAMPLE_RATE);
    const audio = new Float32Array(samples);
    let filled = 0;
    while (filled < samples) {
      const index = nextSentence[who]!;
      nextSentence[who] = (index + 1) % sentences.length;
      const sentence = speak(voices[who]!, sentences[index]!);
      const take = Math.min(sentence.length, samples - filled);
      for (let i = 0; i < take; i++) audio[filled + i] = sentence[i]! * gains[who]!;
      filled += take + Math.round(0.2 * SAMPLE_RATE);
    }
    if (pauses && reference.length > 0) {
      const gap = Math.round((0.3 + rand() * 1.2) * SAMPLE_RATE);
      parts.push(new Float32Array(gap));
      cursor += gap;
    }
    reference.push({
      start: cursor / SAMPLE_RATE,
      end: (cursor + samples) / SAMPLE_RATE,
      speaker: voices[who]!,
    });
    parts.push(audio);
    cursor += samples;
    speech += length;
  }
  // Half a second of room noise before and after, as a recording has.
  const lead = Math.round(0.5 * SAMPLE_RATE);
  const samples = new Float32Array(cursor + 2 * lead);
  let at = lead;
  for (const part of parts) {
    samples.set(part, at);
    at += part.length;
  }
  const noise = 10 ** (-66 / 20) * Math.sqrt(3);
  for (let i = 0; i < samples.length; i++) samples[i] = samples[i]! + (rand() * 2 - 1) * noise;
  for (const turnRef of reference) {
    turnRef.start += lead / SAMPLE_RATE;
    turnRef.end += lead / SAMPLE_RATE;
  }
  return {
    name: `${speakers}spk-${pauses ? 'pauses' : 'back-to-back'}-${seed}`,
    speakers,
    pauses,
    voices,
    samples,
    reference,
  };
}
