/**
 * A voiceprint (ADR 0058): the mean and diagonal variance of a voice's cepstra (c1..c16, the
 * features diarization already computes) and how many 10 ms frames they come from. About 300
 * bytes as JSON. Prints add up exactly (pooled mean and variance), so a person's voice profile is
 * the prints of the notes that taught it folded together, and two speakers merged by a person
 * get the print of both.
 *
 * Two prints are compared by a likelihood ratio: how much better two diagonal Gaussians fit the
 * two voices than one Gaussian for both, per frame, with both weighted equally (so a profile
 * learnt from hours of speech is not favoured over a speaker heard for ten seconds). Zero for
 * the same Gaussian; grows as the voices differ.
 */
import type { GaussianStats } from './gaussian.ts';

export interface VoicePrint {
  /** 10 ms frames of speech the statistics come from. */
  frames: number;
  mean: number[];
  variance: number[];
}

/** Variances are never taken below this (a constant stretch would give log 0). */
const VARIANCE_FLOOR = 1e-3;

/** The print of full-covariance statistics: their diagonal. Undefined without frames. */
export function printOf(stats: GaussianStats): VoicePrint | undefined {
  const { n, dims: d } = stats;
  if (n <= 0) return undefined;
  const mean: number[] = [];
  const variance: number[] = [];
  for (let i = 0; i < d; i++) {
    const m = stats.sum[i]! / n;
    // Row i of the upper triangle starts at i·d − i(i−1)/2; its first entry is the diagonal.
    const square = stats.outer[i * d - (i * (i - 1)) / 2]! / n;
    mean.push(m);
    variance.push(Math.max(VARIANCE_FLOOR, square - m * m));
  }
  return { frames: n, mean, variance };
}

/** The print of both voices' frames together (exact pooled mean and variance). */
export function combinePrints(a: VoicePrint, b: VoicePrint): VoicePrint {
  const n = a.frames + b.frames;
  if (n === 0) return a;
  const wa = a.frames / n;
  const wb = b.frames / n;
  const mean = a.mean.map((m, i) => wa * m + wb * b.mean[i]!);
  const variance = a.mean.map((m, i) => {
    const second = wa * (a.variance[i]! + m * m) + wb * (b.variance[i]! + b.mean[i]! ** 2);
    return Math.max(VARIANCE_FLOOR, second - mean[i]! ** 2);
  });
  return { frames: n, mean, variance };
}

/**
 * Per-frame log-likelihood gained by two Gaussians over one, the two weighted equally:
 * ½ Σᵢ [log σ²ᵢ(pooled) − ½ log σ²ᵢ(a) − ½ log σ²ᵢ(b)]. Zero when the prints are the same.
 */
export function printDistance(a: VoicePrint, b: VoicePrint): number {
  let sum = 0;
  for (let i = 0; i < a.mean.length; i++) {
    const va = a.variance[i]!;
    const vb = b.variance[i]!;
    const mean = (a.mean[i]! + b.mean[i]!) / 2;
    const pooled = (va + a.mean[i]! ** 2 + vb + b.mean[i]! ** 2) / 2 - mean * mean;
    sum += Math.log(Math.max(VARIANCE_FLOOR, pooled)) - 0.5 * Math.log(va) - 0.5 * Math.log(vb);
  }
  return sum / 2;
}

/** Rounded to 5 significant digits, the way prints are stored. */
export function compactPrint(print: VoicePrint): VoicePrint {
  const round = (x: number) => Number(x.toPrecision(5));
  return { frames: print.frames, mean: print.mean.map(round), variance: print.variance.map(round) };
}

/** A print read back from JSON, or undefined when it is not one. */
export function parsePrint(value: unknown): VoicePrint | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { frames, mean, variance } = value as Record<string, unknown>;
  const numbers = (x: unknown): x is number[] =>
    Array.isArray(x) && x.every((v) => typeof v === 'number' && Number.isFinite(v));
  if (typeof frames !== 'number' || !(frames >= 0) || !numbers(mean) || !numbers(variance)) return undefined;
  if (mean.length === 0 || mean.length !== variance.length || variance.some((v) => v <= 0)) return undefined;
  return { frames, mean, variance };
}
