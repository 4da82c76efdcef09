/** Speech recognisers here want 16 kHz (see docs/speech.md); it also keeps uploads small. */
export const TARGET_SAMPLE_RATE = 16_000;

/**
 * Streaming downsampler: each output sample is the average of the input samples it covers
 * (a box filter, which also damps aliasing). Works chunk by chunk, carrying the remainder, so a
 * long recording never needs its full-rate audio in memory. Input at or below the target rate
 * passes through unchanged.
 */
export class Downsampler {
  readonly outputRate: number;
  private readonly inputRate: number;
  private pending: Float32Array = new Float32Array(0);
  /** Absolute index (in input samples) of pending[0]. */
  private base = 0;
  /** Output samples produced so far. */
  private produced = 0;

  constructor(inputRate: number, targetRate: number = TARGET_SAMPLE_RATE) {
    this.inputRate = Math.round(inputRate);
    this.outputRate = this.inputRate > targetRate ? targetRate : this.inputRate;
  }

  /** First input sample (absolute index) covered by output sample `index`. Integer maths keeps
   *  the result identical however the input is split into chunks. */
  private boundary(index: number): number {
    return Math.floor((index * this.inputRate) / this.outputRate);
  }

  push(chunk: Float32Array): Float32Array {
    if (this.inputRate === this.outputRate) return chunk.slice();
    const input = new Float32Array(this.pending.length + chunk.length);
    input.set(this.pending, 0);
    input.set(chunk, this.pending.length);
    const end = this.base + input.length;

    const output: number[] = [];
    for (;;) {
      const first = this.boundary(this.produced);
      const last = this.boundary(this.produced + 1);
      if (last > end) break;
      let sum = 0;
      for (let index = first; index < last; index += 1) sum += input[index - this.base] ?? 0;
      output.push(sum / (last - first));
      this.produced += 1;
    }
    const keepFrom = this.boundary(this.produced);
    this.pending = input.slice(keepFrom - this.base);
    this.base = keepFrom;
    return Float32Array.from(output);
  }
}

/** Root-mean-square of a block, mapped from -60..0 dBFS onto 0..1 for a level meter. */
export function meterLevel(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let index = 0; index < samples.length; index += 1) {
    const sample = samples[index] ?? 0;
    sum += sample * sample;
  }
  const rms = Math.sqrt(sum / samples.length);
  if (rms <= 0) return 0;
  const decibels = 20 * Math.log10(rms);
  return Math.max(0, Math.min(1, (decibels + 60) / 60));
}
