/**
 * Which frames hold speech, from their level alone. Silence must not be clustered (it would
 * become a "speaker" of its own) and pauses are where turns most often change. The
 * threshold follows the recording: above its noise floor (the quietest tenth of frames) and
 * within 40 dB of its loud speech, never below -60 dBFS. Short gaps are filled and short
 * bursts dropped, so a stop consonant does not split a word and a click is not speech.
 */
const FLOOR_MARGIN_DB = 10;
const BELOW_PEAK_DB = 40;
const ABSOLUTE_FLOOR_DB = -60;
/** Gaps of up to this many frames (10 ms each) inside speech count as speech. */
const FILL_GAP_FRAMES = 20;
/** Sound shorter than this many frames is not speech. */
const MIN_SPEECH_FRAMES = 8;

function percentile(values: Float32Array, share: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? -Infinity;
}

/** 1 for each frame of speech, 0 for the rest. */
export function detectSpeech(levelDb: Float32Array): Uint8Array {
  const speech = new Uint8Array(levelDb.length);
  if (levelDb.length === 0) return speech;
  const floor = percentile(levelDb, 0.1);
  const peak = percentile(levelDb, 0.95);
  const threshold = Math.max(
    Math.min(floor + FLOOR_MARGIN_DB, peak - FLOOR_MARGIN_DB),
    peak - BELOW_PEAK_DB,
    ABSOLUTE_FLOOR_DB,
  );
  for (let i = 0; i < levelDb.length; i++) speech[i] = levelDb[i]! > threshold ? 1 : 0;
  fillRuns(speech, 0, FILL_GAP_FRAMES, 1);
  fillRuns(speech, 1, MIN_SPEECH_FRAMES - 1, 0);
  return speech;
}

/** Runs of `value` no longer than `maxLength` become `replacement`, except at the edges for gaps. */
function fillRuns(flags: Uint8Array, value: number, maxLength: number, replacement: number): void {
  let start = -1;
  for (let i = 0; i <= flags.length; i++) {
    const inRun = i < flags.length && flags[i] === value;
    if (inRun && start < 0) start = i;
    if (!inRun && start >= 0) {
      const atEdge = value === 0 && (start === 0 || i === flags.length);
      if (i - start <= maxLength && !atEdge) flags.fill(replacement, start, i);
      start = -1;
    }
  }
}
