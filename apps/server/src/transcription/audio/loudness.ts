/**
 * Loudness normalisation for speech. Phone and laptop recordings arrive anywhere from
 * -45 dBFS (a distant speaker) to clipping; the recogniser's features are normalised per
 * utterance, but quiet audio still loses detail to quantisation and to the engine's
 * energy-based silence handling. The level of the *speech* is measured (10 ms frames
 * above a noise floor, so long pauses do not count) and brought to a target, with the
 * gain capped so hiss is not amplified into noise, and limited so peaks never clip.
 */

/** Frames quieter than this (RMS, dBFS) are silence and do not count towards the level. */
const SILENCE_FLOOR_DB = -55;
/** Speech is brought to this RMS level. */
const TARGET_DB = -20;
/** Never amplify by more than this. */
const MAX_GAIN_DB = 30;
/** Leave peaks this far below full scale. */
const PEAK_CEILING = 0.97;
/** Less than this much sound (seconds) counts as a silent recording. */
export const MIN_SOUND_SECONDS = 0.2;

export interface LoudnessResult {
  /** Gain applied, in dB (0 when the level was already close to the target). */
  gainDb: number;
  /** True when nothing rose above the silence floor for MIN_SOUND_SECONDS. */
  silent: boolean;
}

const fromDb = (db: number): number => 10 ** (db / 20);

/** Normalises 16-bit PCM in place. */
export function normaliseLoudness(
  pcm: Int16Array,
  sampleRate: number,
  { apply = true }: { apply?: boolean } = {},
): LoudnessResult {
  const frame = Math.max(1, Math.round(sampleRate / 100));
  const floor = (fromDb(SILENCE_FLOOR_DB) * 32768) ** 2;
  let soundFrames = 0;
  let soundEnergy = 0;
  let peak = 0;
  for (let from = 0; from < pcm.length; from += frame) {
    const to = Math.min(pcm.length, from + frame);
    let sum = 0;
    for (let i = from; i < to; i++) {
      const s = pcm[i]!;
      sum += s * s;
      const a = s < 0 ? -s : s;
      if (a > peak) peak = a;
    }
    const meanSquare = sum / (to - from);
    if (meanSquare >= floor) {
      soundFrames++;
      soundEnergy += meanSquare;
    }
  }
  if (soundFrames * frame < MIN_SOUND_SECONDS * sampleRate) return { gainDb: 0, silent: true };

  const level = Math.sqrt(soundEnergy / soundFrames);
  // Quiet speech is brought up; loud speech is left as it is (turning it down only loses
  // detail: the engine's accuracy on flite speech fell when it was attenuated to the target).
  let gain = Math.min(Math.max((fromDb(TARGET_DB) * 32768) / level, 1), fromDb(MAX_GAIN_DB));
  if (peak > 0) gain = Math.min(gain, (PEAK_CEILING * 32767) / peak);
  // Within 1 dB of the target: leave the samples exactly as they are.
  if (!apply || Math.abs(20 * Math.log10(gain)) < 1) return { gainDb: 0, silent: false };
  for (let i = 0; i < pcm.length; i++) {
    const s = Math.round(pcm[i]! * gain);
    pcm[i] = s > 32767 ? 32767 : s < -32768 ? -32768 : s;
  }
  return { gainDb: 20 * Math.log10(gain), silent: false };
}

/**
 * Samples in 10 ms frames (counted from the start of `pcm`) above the silence floor: the
 * measure behind `silent`, for audio that arrives in frame-aligned pieces.
 */
export function soundSamples(pcm: Int16Array, sampleRate: number): number {
  const frame = Math.max(1, Math.round(sampleRate / 100));
  const floor = (fromDb(SILENCE_FLOOR_DB) * 32768) ** 2;
  let sound = 0;
  for (let from = 0; from < pcm.length; from += frame) {
    const to = Math.min(pcm.length, from + frame);
    let sum = 0;
    for (let i = from; i < to; i++) sum += pcm[i]! * pcm[i]!;
    if (sum / (to - from) >= floor) sound += frame;
  }
  return sound;
}

/** Multiplies 16-bit PCM in place by `gainDb`, clamping to full scale. */
export function applyGain(pcm: Int16Array, gainDb: number): void {
  if (gainDb === 0) return;
  const gain = fromDb(gainDb);
  for (let i = 0; i < pcm.length; i++) {
    const s = Math.round(pcm[i]! * gain);
    pcm[i] = s > 32767 ? 32767 : s < -32768 ? -32768 : s;
  }
}
