/**
 * Sample-rate conversion with a Kaiser-windowed sinc low-pass, applied as a
 * polyphase filter.
 *
 * Speech engines want 16 kHz, uploads arrive at 8–96 kHz. Naive decimation or
 * linear interpolation folds everything above 8 kHz (sibilants, hiss, the
 * whine of a laptop fan) back into the speech band, where the recogniser
 * hears it as phonemes. The filter here keeps 0–0.875×Nyquist flat and
 * suppresses everything above the target Nyquist by at least 80 dB.
 *
 * Output sample n sits exactly at input time n·from/to (integer arithmetic, so
 * no drift over hours of audio); the symmetric kernel adds no delay.
 */

/** Stopband attenuation; 80 dB is below the noise floor of 16-bit recordings of speech. */
const STOPBAND_DB = 80;
/**
 * Passband edge as a fraction of the lower Nyquist frequency. For 16 kHz
 * output the band stays flat to 7 kHz, above the 6.8 kHz the acoustic model's
 * filterbank looks at, and the transition ends exactly at 8 kHz.
 */
const PASSBAND_FRACTION = 0.875;
/**
 * Bound on the coefficient table. Standard rates need at most 640 phases
 * (11.025 kHz → 16 kHz); odd rates such as 44 056 Hz would need thousands, so
 * their fractional positions are rounded to the nearest of this many phases
 * (timing error below 1/2000 of a sample, far under audibility).
 */
const MAX_PHASES = 1024;

interface PolyphaseFilter {
  phases: number;
  taps: number;
  /** Input samples before the output instant that the kernel reaches. */
  reachBack: number;
  /** `phases` rows of `taps` coefficients. */
  coefficients: Float32Array;
}

const filterCache = new Map<string, PolyphaseFilter>();

/**
 * Converts `input` from `fromRate` to `toRate` (both positive integers, Hz).
 * Returns `input` itself when the rates are equal.
 *
 * The output has ceil(length × to / from) samples: every output instant that
 * falls inside the input's time span.
 */
export function resample(input: Float32Array, fromRate: number, toRate: number): Float32Array {
  for (const rate of [fromRate, toRate]) {
    if (!Number.isSafeInteger(rate) || rate <= 0) {
      throw new RangeError(`Sample rates must be positive integers, got ${rate}.`);
    }
  }
  if (fromRate === toRate) return input;

  const outLength = Math.ceil((input.length * toRate) / fromRate);
  const output = new Float32Array(outLength);
  if (outLength === 0) return output;

  const { phases, taps, reachBack, coefficients } = polyphaseFilter(fromRate, toRate);
  const n = input.length;
  // Position of the current output sample in input samples: base + frac/toRate.
  let base = 0;
  let frac = 0;
  for (let o = 0; o < outLength; o++) {
    let phase = Math.round((frac * phases) / toRate);
    let centre = base;
    if (phase === phases) {
      phase = 0;
      centre++;
    }
    const first = centre - reachBack;
    const row = phase * taps;
    let acc = 0;
    if (first >= 0 && first + taps <= n) {
      // Four independent sums let the CPU overlap the multiplies (~1.5× faster).
      // `taps` is always even; the loop handles the last pair if it is not a multiple of 4.
      let a0 = 0;
      let a1 = 0;
      let a2 = 0;
      let a3 = 0;
      let k = 0;
      for (; k + 3 < taps; k += 4) {
        a0 += input[first + k]! * coefficients[row + k]!;
        a1 += input[first + k + 1]! * coefficients[row + k + 1]!;
        a2 += input[first + k + 2]! * coefficients[row + k + 2]!;
        a3 += input[first + k + 3]! * coefficients[row + k + 3]!;
      }
      for (; k < taps; k++) a0 += input[first + k]! * coefficients[row + k]!;
      acc = a0 + a1 + a2 + a3;
    } else {
      // Near the ends the kernel hangs over the edge; treat outside as silence.
      const from = Math.max(0, -first);
      const to = Math.min(taps, n - first);
      for (let k = from; k < to; k++) acc += input[first + k]! * coefficients[row + k]!;
    }
    output[o] = acc;

    frac += fromRate;
    base += Math.floor(frac / toRate);
    frac %= toRate;
  }
  return output;
}

function polyphaseFilter(fromRate: number, toRate: number): PolyphaseFilter {
  const key = `${fromRate}:${toRate}`;
  let filter = filterCache.get(key);
  if (!filter) {
    filter = designFilter(fromRate, toRate);
    filterCache.set(key, filter);
  }
  return filter;
}

function designFilter(fromRate: number, toRate: number): PolyphaseFilter {
  const nyquist = Math.min(fromRate, toRate) / 2;
  const passHz = nyquist * PASSBAND_FRACTION;
  // Frequencies in cycles per input sample.
  const cutoff = (passHz + nyquist) / 2 / fromRate;
  const transition = (nyquist - passHz) / fromRate;

  // Kaiser's empirical formulas for the window shape and length.
  const beta = 0.1102 * (STOPBAND_DB - 8.7);
  const length = (STOPBAND_DB - 7.95) / (14.36 * transition);
  const halfWidth = Math.ceil(length / 2);
  const taps = 2 * halfWidth;
  const reachBack = halfWidth - 1;

  const upFactor = toRate / gcd(fromRate, toRate);
  const phases = Math.min(upFactor, MAX_PHASES);
  const coefficients = new Float32Array(phases * taps);
  const i0Beta = besselI0(beta);

  for (let p = 0; p < phases; p++) {
    const offset = p / phases;
    const row = p * taps;
    let sum = 0;
    for (let k = 0; k < taps; k++) {
      // Distance from the output instant to input sample (centre - reachBack + k).
      const t = offset + reachBack - k;
      const ratio = t / halfWidth;
      const window = Math.abs(ratio) >= 1 ? 0 : besselI0(beta * Math.sqrt(1 - ratio * ratio)) / i0Beta;
      const h = 2 * cutoff * sinc(2 * cutoff * t) * window;
      coefficients[row + k] = h;
      sum += h;
    }
    // Unit DC gain in every phase; otherwise the slight per-phase ripple
    // shows up as a tone at the phase-cycling frequency.
    for (let k = 0; k < taps; k++) coefficients[row + k]! /= sum;
  }
  return { phases, taps, reachBack, coefficients };
}

function sinc(x: number): number {
  if (x === 0) return 1;
  const px = Math.PI * x;
  return Math.sin(px) / px;
}

/** Zeroth-order modified Bessel function of the first kind (power series). */
function besselI0(x: number): number {
  const halfX = x / 2;
  let term = 1;
  let sum = 1;
  for (let k = 1; term > sum * 1e-12; k++) {
    term *= (halfX / k) * (halfX / k);
    sum += term;
  }
  return sum;
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}
