/**
 * The mel filter energies pocketsphinx's front end computes for each 10 ms frame of 16 kHz
 * audio, with the en-us model's settings (its feat.params: 25 filters from 130 to 6800 Hz) and
 * sphinxbase's defaults (pre-emphasis 0.97, a 410-sample Hamming window, a 512-point FFT,
 * filters on DFT points with unit area). The speech-frame classifier (speech-frames.ts) judges
 * these, on the engine's own scale, so its thresholds mean what they mean in the engine.
 */
import { Fft } from '../audio/fft.ts';

const SAMPLE_RATE = 16000;
export const FRAME_SHIFT = 160;
const FRAME_SIZE = 410;
const FFT_SIZE = 512;
const PRE_EMPHASIS = 0.97;
const LOWER_HZ = 130;
const UPPER_HZ = 6800;
export const FILTERS = 25;

interface MelFilter {
  /** First DFT bin. */
  first: number;
  weights: Float64Array;
}

const mel = (hz: number): number => 2595 * Math.log10(1 + hz / 700);
const hzOfMel = (m: number): number => 700 * (10 ** (m / 2595) - 1);

/** sphinxbase's fe_build_melfilters without warping, double width or fixed point. */
function melFilters(): MelFilter[] {
  const step = SAMPLE_RATE / FFT_SIZE;
  const low = mel(LOWER_HZ);
  const width = (mel(UPPER_HZ) - low) / (FILTERS + 1);
  const filters: MelFilter[] = [];
  for (let i = 0; i < FILTERS; i++) {
    const [left, centre, right] = [0, 1, 2].map(
      (j) => Math.floor(hzOfMel((i + j) * width + low) / step + 0.5) * step,
    ) as [number, number, number];
    const weights: number[] = [];
    let first = -1;
    for (let bin = 0; bin <= FFT_SIZE / 2; bin++) {
      const hz = bin * step;
      if (hz < left) continue;
      if (hz > right || bin === FFT_SIZE / 2) break;
      if (first < 0) first = bin;
      const rising = (hz - left) / (centre - left);
      const falling = (right - hz) / (right - centre);
      weights.push((Math.min(rising, falling) * 2) / (right - left));
    }
    filters.push({ first, weights: Float64Array.from(weights) });
  }
  return filters;
}

const FILTER_BANK = melFilters();
const WINDOW = Float64Array.from(
  { length: FRAME_SIZE },
  (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (FRAME_SIZE - 1)),
);

/** Frames the engine makes of `samples` samples (the last ones zero-padded). */
export function frameCount(samples: number): number {
  return Math.ceil(samples / FRAME_SHIFT);
}

/**
 * Mel filter energies of every frame of `pcm`, FILTERS a frame, frame after frame. Frame `f`
 * starts at sample f × FRAME_SHIFT.
 */
export function melEnergies(pcm: Int16Array): Float64Array {
  const frames = frameCount(pcm.length);
  const out = new Float64Array(frames * FILTERS);
  const fft = new Fft(FFT_SIZE);
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  const power = new Float64Array(FFT_SIZE / 2 + 1);
  for (let f = 0; f < frames; f++) {
    const start = f * FRAME_SHIFT;
    re.fill(0);
    im.fill(0);
    let prior = start > 0 ? pcm[start - 1]! : 0;
    const end = Math.min(start + FRAME_SIZE, pcm.length);
    for (let i = start; i < end; i++) {
      const sample = pcm[i]!;
      re[i - start] = (sample - PRE_EMPHASIS * prior) * WINDOW[i - start]!;
      prior = sample;
    }
    fft.transform(re, im);
    for (let bin = 0; bin <= FFT_SIZE / 2; bin++) power[bin] = re[bin]! * re[bin]! + im[bin]! * im[bin]!;
    for (let i = 0; i < FILTERS; i++) {
      const { first, weights } = FILTER_BANK[i]!;
      let sum = 0;
      for (let k = 0; k < weights.length; k++) sum += power[first + k]! * weights[k]!;
      out[f * FILTERS + i] = sum;
    }
  }
  return out;
}
