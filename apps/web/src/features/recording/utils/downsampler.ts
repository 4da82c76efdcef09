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
  private readonly ratio: number;
  private pending: Float32Array = new Float32Array(0);
  private offset = 0;

  constructor(inputRate: number, targetRate: number = TARGET_SAMPLE_RATE) {
    this.outputRate = inputRate > targetRate ? targetRate : inputRate;
    this.ratio = inputRate / this.outputRate;
  }

  push(chunk: Float32Array): Float32Array {
    if (this.ratio === 1) return chunk.slice();
    const input = new Float32Array(this.pending.length + chunk.length);
    input.set(this.pending, 0);
    input.set(chunk, this.pending.length);

    const capacity = Math.max(0, Math.floor((input.length - this.offset) / this.ratio));
    const output = new Float32Array(capacity);
    let produced = 0;
    let position = this.offset;
    while (produced < capacity && position + this.ratio <= input.length) {
      const first = Math.floor(position);
      const last = Math.max(first + 1, Math.floor(position + this.ratio));
      let sum = 0;
      for (let index = first; index < last; index += 1) sum += input[index] ?? 0;
      output[produced] = sum / (last - first);
      produced += 1;
      position += this.ratio;
    }
    const consumed = Math.floor(position);
    this.pending = input.slice(consumed);
    this.offset = position - consumed;
    return produced === capacity ? output : output.slice(0, produced);
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
