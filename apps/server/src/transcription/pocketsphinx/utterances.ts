/**
 * Splits long recordings into utterances at the quietest moments.
 *
 * pocketsphinx is built for utterances of seconds, not minutes: decoding a
 * whole voice note as one utterance works, but memory grows with length
 * (~25 MB per minute measured) and the search slows down (real-time factor 0.18 on
 * 3 s clips, 0.34 on 2 min, 0.41 on 8 min). Cutting at pauses keeps each
 * utterance short, bounds memory, and gives real progress points between
 * utterances, without cutting through words where a pause exists.
 */

export interface UtteranceRange {
  /** First sample (inclusive). */
  start: number;
  /** Last sample (exclusive). */
  end: number;
}

export interface UtterancePlanOptions {
  sampleRate: number;
  /** Recordings up to this long are decoded in one piece. */
  maxSeconds?: number;
  /** No utterance (except possibly the last) is shorter than this. */
  minSeconds?: number;
}

/** Energy is compared in 10 ms frames, the engine's own frame rate. */
const FRAMES_PER_SECOND = 100;
/**
 * Pause detection averages energy over 300 ms: long enough to skip the short
 * dips inside words (stop consonants), short enough to find breaths.
 */
const SMOOTHING_FRAMES = 30;

export function planUtterances(
  pcm: Int16Array,
  { sampleRate, maxSeconds = 20, minSeconds = 8 }: UtterancePlanOptions,
): UtteranceRange[] {
  if (!(minSeconds > 0 && minSeconds < maxSeconds)) {
    throw new RangeError('planUtterances needs 0 < minSeconds < maxSeconds.');
  }
  const total = pcm.length;
  const maxSamples = Math.round(maxSeconds * sampleRate);
  if (total <= maxSamples) return [{ start: 0, end: total }];

  const frameLength = Math.round(sampleRate / FRAMES_PER_SECOND);
  const smoothed = smoothedFrameEnergy(pcm, frameLength);
  const minFrames = Math.round(minSeconds * FRAMES_PER_SECOND);
  const maxFrames = Math.floor(maxSamples / frameLength);

  const ranges: UtteranceRange[] = [];
  let cursorFrame = 0;
  let cursor = 0;
  while (total - cursor > maxSamples) {
    let best = cursorFrame + minFrames;
    for (let f = best + 1; f < cursorFrame + maxFrames; f++) {
      if (smoothed[f]! < smoothed[best]!) best = f;
    }
    const cut = best * frameLength;
    ranges.push({ start: cursor, end: cut });
    cursor = cut;
    cursorFrame = best;
  }
  ranges.push({ start: cursor, end: total });
  return ranges;
}

/** Mean square per 10 ms frame, averaged over SMOOTHING_FRAMES centred frames. */
function smoothedFrameEnergy(pcm: Int16Array, frameLength: number): Float64Array {
  const frames = Math.ceil(pcm.length / frameLength);
  // Prefix sums make every window average O(1).
  const prefix = new Float64Array(frames + 1);
  for (let f = 0; f < frames; f++) {
    const from = f * frameLength;
    const to = Math.min(from + frameLength, pcm.length);
    let sum = 0;
    for (let i = from; i < to; i++) sum += pcm[i]! * pcm[i]!;
    prefix[f + 1] = prefix[f]! + sum / (to - from);
  }
  const half = SMOOTHING_FRAMES / 2;
  const smoothed = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    const from = Math.max(0, f - half);
    const to = Math.min(frames, f + half + 1);
    smoothed[f] = (prefix[to]! - prefix[from]!) / (to - from);
  }
  return smoothed;
}
