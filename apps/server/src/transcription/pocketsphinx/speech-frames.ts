/**
 * Which 10 ms frames pocketsphinx's own voice-activity filter (`-remove_silence yes`) would pass
 * to the search: our reading of sphinxbase's fe_noise.c (fe_track_snr, fe_vad_hangover) with the
 * engine's defaults, so we can skip what it skips while keeping true word times
 * (silence-compaction.ts).
 *
 * Per mel filter, the power is smoothed, and the noise is its lower envelope: it falls quickly to
 * any dip and rises slowly (half a percent of the gap a frame), so steady noise, a hum or a fan,
 * becomes the noise level within a fraction of a second. A frame is speech when some filter
 * stands more than VAD_THRESHOLD (log ratio, about 13 dB) above its noise, and the frame's
 * energy above the noise is within SPEECH_VOLUME_RANGE of the recent loud speech (a slow peak
 * tracker). Then the hangover: START_SPEECH speech frames in a row start speech, and the
 * PRE_SPEECH frames before them are kept with it; speech ends after POST_SPEECH frames without
 * speech, which are kept. Short bursts of speech just before an onset are kept too (onsetFrom).
 *
 * Unlike the engine, a frame louder than ALWAYS_SPEECH_DB counts as speech whatever the noise
 * tracker says: soft speech after loud speech, or a long steady vowel, is never cut.
 */
import { FILTERS, FRAME_SHIFT, frameCount, melEnergies } from './front-end-spectrum.ts';

const LAMBDA_POWER = 0.7;
const LAMBDA_RISE = 0.995;
const LAMBDA_FALL = 0.5;
/** The first frame's noise is its power divided by this. */
const MAX_GAIN = 20;
const SLOW_PEAK_LEARN = 0.9;
const SLOW_PEAK_FORGET = 0.9995;
const SPEECH_VOLUME_RANGE = 8;
const VAD_THRESHOLD = 3;
const START_SPEECH = 10;
const PRE_SPEECH = 20;
const POST_SPEECH = 50;
/** RMS level (dBFS) above which a frame is speech in any case. */
const ALWAYS_SPEECH_DB = -40;

/** One flag per 10 ms frame (frameCount(pcm.length)): 1 where the frame is decoded. */
export function speechFrames(pcm: Int16Array): Uint8Array {
  const frames = frameCount(pcm.length);
  const energies = melEnergies(pcm);
  const loud = loudFrames(pcm, frames);
  const isSpeech = new Uint8Array(frames);
  const power = new Float64Array(FILTERS);
  const noise = new Float64Array(FILTERS);
  let slowPeak = 0;
  for (let f = 0; f < frames; f++) {
    const at = f * FILTERS;
    if (f === 0) {
      for (let i = 0; i < FILTERS; i++) {
        power[i] = energies[at + i]!;
        noise[i] = energies[at + i]! / MAX_GAIN;
      }
    }
    let ratio = 0;
    let signal = 0;
    for (let i = 0; i < FILTERS; i++) {
      const p = LAMBDA_POWER * power[i]! + (1 - LAMBDA_POWER) * energies[at + i]!;
      power[i] = p;
      const lambda = p >= noise[i]! ? LAMBDA_RISE : LAMBDA_FALL;
      const n = lambda * noise[i]! + (1 - lambda) * p;
      noise[i] = n;
      signal += Math.max(1, p - n);
      // Digital silence gives 0 / 0: not a ratio, so never speech (as in the engine).
      const snr = Math.log(p / n);
      if (snr > ratio) ratio = snr;
    }
    const volume = Math.log(signal);
    const factor = volume > slowPeak ? SLOW_PEAK_LEARN : SLOW_PEAK_FORGET;
    slowPeak = slowPeak * factor + volume * (1 - factor);
    const quiet = slowPeak - SPEECH_VOLUME_RANGE > volume;
    isSpeech[f] = loud[f] || (ratio >= VAD_THRESHOLD && !quiet) ? 1 : 0;
  }
  return withHangover(isSpeech);
}

/** The engine's hangover (see the module comment): which frames it passes on. */
function withHangover(isSpeech: Uint8Array): Uint8Array {
  const kept = new Uint8Array(isSpeech.length);
  let inSpeech = false;
  let run = 0;
  let silent = 0;
  for (let f = 0; f < isSpeech.length; f++) {
    if (isSpeech[f]) {
      silent = 0;
      if (!inSpeech && ++run >= START_SPEECH) {
        inSpeech = true;
        run = 0;
        kept.fill(1, Math.max(0, onsetFrom(isSpeech, f)), f);
      }
    } else {
      run = 0;
      if (inSpeech && ++silent >= POST_SPEECH) {
        inSpeech = false;
        silent = 0;
      }
    }
    if (inSpeech) kept[f] = 1;
  }
  return kept;
}

/**
 * Where speech confirmed at frame `f` is kept from: PRE_SPEECH frames back, as in the engine, or
 * further back to an earlier burst of speech frames that did not last START_SPEECH frames (the
 * "th" of "the", a short plosive), with the margin's remaining frames before it. The engine drops
 * such a burst; we keep it, since it is often the first sound of a word.
 */
function onsetFrom(isSpeech: Uint8Array, f: number): number {
  const runStart = f - START_SPEECH + 1;
  const from = f - PRE_SPEECH;
  for (let g = Math.max(0, runStart - PRE_SPEECH); g < from; g++) {
    if (isSpeech[g]) return Math.max(0, g - (PRE_SPEECH - START_SPEECH));
  }
  return from;
}

function loudFrames(pcm: Int16Array, frames: number): Uint8Array {
  const floor = (32768 * 10 ** (ALWAYS_SPEECH_DB / 20)) ** 2;
  const loud = new Uint8Array(frames);
  for (let f = 0; f < frames; f++) {
    const from = f * FRAME_SHIFT;
    const to = Math.min(from + FRAME_SHIFT, pcm.length);
    let sum = 0;
    for (let i = from; i < to; i++) sum += pcm[i]! * pcm[i]!;
    loud[f] = sum / (to - from) > floor ? 1 : 0;
  }
  return loud;
}
