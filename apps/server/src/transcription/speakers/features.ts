/**
 * Speaker features: mel-frequency cepstra of 25 ms frames every 10 ms of 16 kHz mono audio,
 * and each frame's level for the voice activity detector. c0 (overall loudness) is left out:
 * a speaker who leans towards the microphone is still the same speaker. Features are
 * computed a window at a time (`computeFeatures(pcm, from, to)`), so a four-hour recording
 * never holds more than one window of them.
 */
import { Fft } from '../audio/fft.ts';

export const SAMPLE_RATE = 16_000;
/** 10 ms: one frame of features per hop. */
export const HOP_SAMPLES = 160;
export const FRAME_SECONDS = HOP_SAMPLES / SAMPLE_RATE;
const FRAME_SAMPLES = 400;
const FFT_SIZE = 512;
const MEL_FILTERS = 24;
const LOW_HZ = 100;
const HIGH_HZ = 7_600;
/** Cepstra c1..c16. */
export const FEATURE_DIMS = 16;

export type Pcm = Int16Array | Float32Array;

export interface Features {
  /** Index of the first frame in the recording. */
  first: number;
  frames: number;
  /** `frames` × FEATURE_DIMS, frame after frame. */
  values: Float32Array;
  /** Each frame's level in dB below full scale. */
  levelDb: Float32Array;
}

/** Frames in a recording of `samples` samples (a frame starts every hop and must fit). */
export function frameCount(samples: number): number {
  return samples < FRAME_SAMPLES ? 0 : Math.floor((samples - FRAME_SAMPLES) / HOP_SAMPLES) + 1;
}

const melOf = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const hzOf = (mel: number) => 700 * (10 ** (mel / 2595) - 1);

/** Triangular filters on the mel scale, as [first bin, weights] pairs. */
function melFilters(): { first: number; weights: Float64Array }[] {
  const edges = Array.from({ length: MEL_FILTERS + 2 }, (_, i) =>
    hzOf(melOf(LOW_HZ) + ((melOf(HIGH_HZ) - melOf(LOW_HZ)) * i) / (MEL_FILTERS + 1)),
  );
  const binHz = SAMPLE_RATE / FFT_SIZE;
  return Array.from({ length: MEL_FILTERS }, (_, m) => {
    const [lo, mid, hi] = [edges[m]!, edges[m + 1]!, edges[m + 2]!];
    const first = Math.ceil(lo / binHz);
    const last = Math.floor(hi / binHz);
    const weights = new Float64Array(Math.max(0, last - first + 1));
    for (let bin = first; bin <= last; bin++) {
      const hz = bin * binHz;
      weights[bin - first] = Math.max(0, hz < mid ? (hz - lo) / (mid - lo) : (hi - hz) / (hi - mid));
    }
    return { first, weights };
  });
}

class FeatureExtractor {
  private readonly fft = new Fft(FFT_SIZE);
  private readonly window = Float64Array.from(
    { length: FRAME_SAMPLES },
    (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (FRAME_SAMPLES - 1)),
  );
  private readonly filters = melFilters();
  /** DCT-II rows for c1..c16. */
  private readonly dct = Array.from({ length: FEATURE_DIMS }, (_, k) =>
    Float64Array.from({ length: MEL_FILTERS }, (_, m) =>
      Math.cos((Math.PI * (k + 1) * (m + 0.5)) / MEL_FILTERS),
    ),
  );
  private readonly re = new Float64Array(FFT_SIZE);
  private readonly im = new Float64Array(FFT_SIZE);
  private readonly logMel = new Float64Array(MEL_FILTERS);

  compute(pcm: Pcm, from: number, to: number): Features {
    const frames = Math.max(0, Math.min(to, frameCount(pcm.length)) - from);
    const values = new Float32Array(frames * FEATURE_DIMS);
    const levelDb = new Float32Array(frames);
    const scale = pcm instanceof Int16Array ? 1 / 32768 : 1;
    const { re, im, logMel } = this;
    for (let f = 0; f < frames; f++) {
      const offset = (from + f) * HOP_SAMPLES;
      let mean = 0;
      for (let i = 0; i < FRAME_SAMPLES; i++) mean += pcm[offset + i]!;
      mean /= FRAME_SAMPLES;
      let energy = 0;
      let previous = (offset > 0 ? pcm[offset - 1]! : mean) - mean;
      for (let i = 0; i < FRAME_SAMPLES; i++) {
        const s = (pcm[offset + i]! - mean) * scale;
        energy += s * s;
        re[i] = (s - 0.97 * previous * scale) * this.window[i]!;
        previous = pcm[offset + i]! - mean;
        im[i] = 0;
      }
      re.fill(0, FRAME_SAMPLES);
      im.fill(0, FRAME_SAMPLES);
      levelDb[f] = 10 * Math.log10(energy / FRAME_SAMPLES + 1e-12);
      this.fft.transform(re, im);
      for (let m = 0; m < MEL_FILTERS; m++) {
        const { first, weights } = this.filters[m]!;
        let sum = 0;
        for (let j = 0; j < weights.length; j++) {
          const bin = first + j;
          sum += weights[j]! * (re[bin]! * re[bin]! + im[bin]! * im[bin]!);
        }
        // The floor keeps digital silence finite; it sits far below any microphone's noise.
        logMel[m] = Math.log(sum + 1e-8);
      }
      for (let k = 0; k < FEATURE_DIMS; k++) {
        const row = this.dct[k]!;
        let c = 0;
        for (let m = 0; m < MEL_FILTERS; m++) c += row[m]! * logMel[m]!;
        values[f * FEATURE_DIMS + k] = c;
      }
    }
    return { first: from, frames, values, levelDb };
  }
}

let shared: FeatureExtractor | undefined;

/** Features of frames [from, to) of `pcm` (16 kHz mono; Int16 or floats in [-1, 1]). */
export function computeFeatures(pcm: Pcm, from: number, to: number): Features {
  shared ??= new FeatureExtractor();
  return shared.compute(pcm, from, to);
}
