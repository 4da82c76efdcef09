/**
 * Leaves out of the audio what pocketsphinx's own voice-activity filter would leave out, and
 * maps word times back to the recording.
 *
 * The engine's filter (`-remove_silence yes`) drops silent frames before its search, but then
 * reports frame numbers that count only the frames it kept, so a word said after a pause is
 * placed seconds too early. We decode with the filter off (true timings) and make the same
 * saving here, where we know what was cut: the frames the filter would drop
 * (speech-frames.ts: its noise tracking, thresholds and margins, 0.2 s before speech and
 * 0.5 s after it) are not decoded, and times are mapped back through the cuts. Runs of dropped
 * frames shorter than MIN_CUT_SECONDS stay (not worth a seam).
 */
import { FRAME_SHIFT } from './front-end-spectrum.ts';
import { speechFrames } from './speech-frames.ts';

/** Cuts shorter than this are not worth a seam. */
const MIN_CUT_SECONDS = 0.1;
const FRAMES_PER_SECOND = 100;

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
  if (sampleRate !== FRAME_SHIFT * FRAMES_PER_SECOND) {
    throw new RangeError(`compactSilence takes 16 kHz audio, not ${sampleRate} Hz.`);
  }
  const frame = FRAME_SHIFT;
  const decoded = speechFrames(pcm);
  const minCut = Math.round(MIN_CUT_SECONDS * FRAMES_PER_SECOND);

  const kept: KeptRange[] = [];
  let keepFrom = 0;
  let at = 0;
  const frames = decoded.length;
  for (let f = 0; f < frames;) {
    if (decoded[f]) {
      f++;
      continue;
    }
    let end = f;
    while (end < frames && !decoded[end]) end++;
    if (end - f >= minCut) {
      const cutFrom = Math.min(f * frame, pcm.length);
      const cutTo = Math.min(end * frame, pcm.length);
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
