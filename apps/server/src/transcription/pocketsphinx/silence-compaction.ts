/**
 * Shortens long silences before decoding, and maps word times back to the recording.
 *
 * The engine's own voice-activity filter (`-remove_silence yes`) drops silent frames too,
 * but then reports frame numbers that count only the frames it kept, so a word said after
 * a pause is placed seconds too early. We decode with the filter off (true timings) and do
 * the same saving here, where we know what was cut: every pause longer than
 * KEEP_AFTER + KEEP_BEFORE + MIN_CUT keeps KEEP_AFTER seconds after the speech that ends it
 * and KEEP_BEFORE before the speech that follows; the middle is not decoded at all. That
 * matches the engine's filter (50 frames after speech, 20 before), which is what the bare
 * command-line tools do, so we decode about as little audio as they do.
 *
 * A 10 ms frame is silence when it is below -60 dBFS, or below the recording's noise level
 * (its quietest frames, digital silence aside) plus a margin, and in any case below -40 dBFS:
 * steady background noise counts as silence, soft speech never does.
 */

const FRAMES_PER_SECOND = 100;
const KEEP_AFTER_SECONDS = 0.5;
const KEEP_BEFORE_SECONDS = 0.2;
/** Cuts shorter than this are not worth a seam. */
const MIN_CUT_SECONDS = 0.1;
/** Frames quieter than this (RMS, dBFS) are silence whatever the noise level. */
const SILENCE_DB = -60;
/** Above the noise level by at least this much is sound. */
const NOISE_MARGIN_DB = 12;
/** The noise level is the energy of this quantile of frames. */
const NOISE_QUANTILE = 0.05;
/** Frames quieter than this are digital silence and do not count towards the noise level. */
const DIGITAL_SILENCE_DB = -90;
/** Energies louder than this are sound however noisy the recording (dBFS). */
const ALWAYS_SOUND_DB = -40;

export interface CompactedSpeech {
  /** The audio to decode (the input itself when nothing was cut). */
  pcm: Int16Array;
  /**
   * Maps a time in `pcm` (seconds) to the same moment in the original audio. A time on a
   * seam belongs to the speech after it, or with `isEnd` to the speech before it.
   */
  toOriginal(seconds: number, isEnd?: boolean): number;
}

interface KeptRange {
  /** First sample in the original audio. */
  from: number;
  /** Past the last sample in the original audio. */
  to: number;
  /** Position of `from` in the compacted audio. */
  at: number;
}

export function compactSilence(pcm: Int16Array, sampleRate: number): CompactedSpeech {
  const frame = Math.round(sampleRate / FRAMES_PER_SECOND);
  const silent = silentFrames(pcm, frame);
  const keepAfter = Math.round(KEEP_AFTER_SECONDS * FRAMES_PER_SECOND);
  const keepBefore = Math.round(KEEP_BEFORE_SECONDS * FRAMES_PER_SECOND);
  const minCut = Math.round(MIN_CUT_SECONDS * FRAMES_PER_SECOND);

  const kept: KeptRange[] = [];
  let keepFrom = 0;
  let at = 0;
  const frames = silent.length;
  for (let f = 0; f < frames;) {
    if (!silent[f]) {
      f++;
      continue;
    }
    let end = f;
    while (end < frames && silent[end]) end++;
    // A pause at the very start or end has speech on one side only.
    const cutStart = f === 0 ? 0 : f + keepAfter;
    const cutEnd = end === frames ? frames : end - keepBefore;
    if (cutEnd - cutStart >= minCut) {
      const cutFrom = Math.min(cutStart * frame, pcm.length);
      const cutTo = Math.min(cutEnd * frame, pcm.length);
      if (cutFrom > keepFrom) {
        kept.push({ from: keepFrom, to: cutFrom, at });
        at += cutFrom - keepFrom;
      }
      keepFrom = cutTo;
    }
    f = end;
  }
  if (kept.length === 0 && keepFrom === 0) return { pcm, toOriginal: (seconds) => seconds };
  if (keepFrom < pcm.length) {
    kept.push({ from: keepFrom, to: pcm.length, at });
    at += pcm.length - keepFrom;
  }
  const out = new Int16Array(at);
  for (const range of kept) out.set(pcm.subarray(range.from, range.to), range.at);
  return { pcm: out, toOriginal: (seconds, isEnd = false) => toOriginal(kept, seconds, sampleRate, isEnd) };
}

function toOriginal(kept: KeptRange[], seconds: number, sampleRate: number, isEnd: boolean): number {
  if (kept.length === 0) return seconds;
  const sample = seconds * sampleRate;
  // The last range starting at (or, for an end, strictly) before `sample`; ranges are in order.
  let lo = 0;
  let hi = kept.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    const starts = kept[mid]!.at;
    if (starts < sample || (starts === sample && !isEnd)) lo = mid;
    else hi = mid - 1;
  }
  const range = kept[lo]!;
  return (range.from + (sample - range.at)) / sampleRate;
}

/** One flag per 10 ms frame: true where the frame is silence (see the module comment). */
function silentFrames(pcm: Int16Array, frame: number): Uint8Array {
  const frames = Math.ceil(pcm.length / frame);
  const energyDb = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    const from = f * frame;
    const to = Math.min(from + frame, pcm.length);
    let sum = 0;
    for (let i = from; i < to; i++) sum += pcm[i]! * pcm[i]!;
    const rms = Math.sqrt(sum / (to - from)) / 32768;
    energyDb[f] = rms > 0 ? 20 * Math.log10(rms) : -120;
  }
  // Digital silence (padding, a muted input) says nothing about the room's noise level.
  const sorted = energyDb.filter((db) => db > DIGITAL_SILENCE_DB).sort();
  const noiseDb = sorted.length > 0 ? sorted[Math.floor((sorted.length - 1) * NOISE_QUANTILE)]! : -120;
  const threshold = Math.min(Math.max(SILENCE_DB, noiseDb + NOISE_MARGIN_DB), ALWAYS_SOUND_DB);
  const silent = new Uint8Array(frames);
  for (let f = 0; f < frames; f++) silent[f] = energyDb[f]! < threshold ? 1 : 0;
  return silent;
}
