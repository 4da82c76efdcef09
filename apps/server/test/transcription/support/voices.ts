/**
 * Synthetic "voices" for the diarization tests: a pulse train at the voice's pitch through
 * three formant resonators, moving between vowels every 150 ms, with syllable-rate loudness.
 * Two voices with different pitch and vocal-tract length differ the way two people do, in a
 * few lines and without any speech synthesiser.
 */
const RATE = 16_000;
const VOWELS: [number, number, number][] = [
  [730, 1090, 2440],
  [270, 2290, 3010],
  [530, 1840, 2480],
  [570, 840, 2410],
  [300, 870, 2240],
];

export interface Voice {
  pitch: number;
  /** Formants are multiplied by this (a shorter vocal tract: higher formants). */
  tract: number;
}

export const LOW_VOICE: Voice = { pitch: 105, tract: 0.95 };
export const HIGH_VOICE: Voice = { pitch: 215, tract: 1.2 };

/** `seconds` of the voice; `seed` picks which vowels it says. */
export function voiced(voice: Voice, seconds: number, seed: number): Float32Array {
  const n = Math.round(seconds * RATE);
  const out = new Float32Array(n);
  const state = [0, 0, 0, 0, 0, 0];
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const t = i / RATE;
    const vowel = VOWELS[(Math.floor(t / 0.15) * 7 + seed) % VOWELS.length]!;
    const pitch = voice.pitch * (1 + 0.05 * Math.sin(2 * Math.PI * 0.7 * t + seed));
    phase += pitch / RATE;
    let x = 0;
    if (phase >= 1) {
      phase -= 1;
      x = 1;
    }
    let y = 0;
    vowel.forEach((formant, k) => {
      const f = formant * voice.tract;
      const r = Math.exp((-Math.PI * (60 + 20 * k)) / RATE);
      const a1 = 2 * r * Math.cos((2 * Math.PI * f) / RATE);
      const a2 = -r * r;
      const v = x + a1 * state[2 * k]! + a2 * state[2 * k + 1]!;
      state[2 * k + 1] = state[2 * k]!;
      state[2 * k] = v;
      y += v / (k + 1);
    });
    const syllable = 0.35 + 0.65 * Math.abs(Math.sin(Math.PI * 3.5 * t));
    out[i] = 0.02 * y * syllable;
  }
  return out;
}

/** Pieces one after another, with `noise` (peak) of deterministic hiss everywhere. */
export function concatenate(pieces: Float32Array[], noise = 0.0005): Float32Array {
  const out = new Float32Array(pieces.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  let seed = 12345;
  for (let i = 0; i < out.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    out[i] = out[i]! + noise * ((seed / 0x7fffffff) * 2 - 1);
  }
  return out;
}

export const silence = (seconds: number) => new Float32Array(Math.round(seconds * RATE));
