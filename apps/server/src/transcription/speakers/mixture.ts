/**
 * A speaker's voice as a diagonal Gaussian mixture over feature frames, trained by a few
 * rounds of EM from evenly spaced starting frames (no randomness: the same audio gives the
 * same turns). Used by the resegmentation to score each frame against each speaker.
 */
const EM_ROUNDS = 6;
/** Variances are kept above this, so a component cannot collapse onto one frame. */
const VARIANCE_FLOOR = 1e-2;
const LOG_2PI = Math.log(2 * Math.PI);

export class DiagonalMixture {
  private constructor(
    readonly dims: number,
    private readonly weights: Float64Array,
    private readonly means: Float64Array,
    private readonly precisions: Float64Array,
    /** log weight − ½ Σ log(2π σ²) per component. */
    private readonly constants: Float64Array,
  ) {}

  /** Trains on `frames` frames of `dims` values each. */
  static train(data: Float32Array, dims: number, components: number): DiagonalMixture {
    const frames = data.length / dims;
    const k = Math.max(1, Math.min(components, Math.floor(frames / (4 * dims)) || 1));
    const weights = new Float64Array(k).fill(1 / k);
    const means = new Float64Array(k * dims);
    const variances = new Float64Array(k * dims);
    const globalMean = new Float64Array(dims);
    const globalVar = new Float64Array(dims);
    for (let f = 0; f < frames; f++)
      for (let d = 0; d < dims; d++) globalMean[d] = globalMean[d]! + data[f * dims + d]! / frames;
    for (let f = 0; f < frames; f++)
      for (let d = 0; d < dims; d++) {
        const x = data[f * dims + d]! - globalMean[d]!;
        globalVar[d] = globalVar[d]! + (x * x) / frames;
      }
    for (let c = 0; c < k; c++) {
      const f = Math.floor(((c + 0.5) * frames) / k);
      for (let d = 0; d < dims; d++) {
        means[c * dims + d] = data[f * dims + d]!;
        variances[c * dims + d] = Math.max(globalVar[d]!, VARIANCE_FLOOR);
      }
    }
    let model = DiagonalMixture.of(dims, weights, means, variances);
    const posterior = new Float64Array(k);
    for (let round = 0; round < EM_ROUNDS && frames > 0; round++) {
      const count = new Float64Array(k);
      const sum = new Float64Array(k * dims);
      const squares = new Float64Array(k * dims);
      for (let f = 0; f < frames; f++) {
        model.posteriors(data, f * dims, posterior);
        for (let c = 0; c < k; c++) {
          const p = posterior[c]!;
          if (p < 1e-6) continue;
          count[c] = count[c]! + p;
          for (let d = 0; d < dims; d++) {
            const x = data[f * dims + d]!;
            sum[c * dims + d] = sum[c * dims + d]! + p * x;
            squares[c * dims + d] = squares[c * dims + d]! + p * x * x;
          }
        }
      }
      for (let c = 0; c < k; c++) {
        // An empty component starts again from the whole data.
        const n = count[c]!;
        weights[c] = Math.max(n, 1e-3) / frames;
        for (let d = 0; d < dims; d++) {
          const mean = n > 1e-3 ? sum[c * dims + d]! / n : globalMean[d]!;
          const variance = n > 1e-3 ? squares[c * dims + d]! / n - mean * mean : globalVar[d]!;
          means[c * dims + d] = mean;
          variances[c * dims + d] = Math.max(variance, VARIANCE_FLOOR);
        }
      }
      model = DiagonalMixture.of(dims, weights, means, variances);
    }
    return model;
  }

  private static of(dims: number, weights: Float64Array, means: Float64Array, variances: Float64Array) {
    const k = weights.length;
    const total = weights.reduce((a, b) => a + b, 0);
    const precisions = new Float64Array(k * dims);
    const constants = new Float64Array(k);
    for (let c = 0; c < k; c++) {
      let constant = Math.log(weights[c]! / total);
      for (let d = 0; d < dims; d++) {
        const v = variances[c * dims + d]!;
        precisions[c * dims + d] = 1 / v;
        constant -= 0.5 * (LOG_2PI + Math.log(v));
      }
      constants[c] = constant;
    }
    return new DiagonalMixture(
      dims,
      Float64Array.from(weights),
      Float64Array.from(means),
      precisions,
      constants,
    );
  }

  private componentLogs(data: Float32Array, offset: number, out: Float64Array): number {
    const { dims, means, precisions, constants } = this;
    let best = -Infinity;
    for (let c = 0; c < constants.length; c++) {
      let distance = 0;
      for (let d = 0; d < dims; d++) {
        const x = data[offset + d]! - means[c * dims + d]!;
        distance += x * x * precisions[c * dims + d]!;
      }
      const log = constants[c]! - 0.5 * distance;
      out[c] = log;
      if (log > best) best = log;
    }
    return best;
  }

  private readonly scratch = new Float64Array(64);

  /** log p(frame at `offset`). */
  logLikelihood(data: Float32Array, offset: number): number {
    const logs =
      this.scratch.length >= this.constants.length ? this.scratch : new Float64Array(this.constants.length);
    const best = this.componentLogs(data, offset, logs);
    let sum = 0;
    for (let c = 0; c < this.constants.length; c++) sum += Math.exp(logs[c]! - best);
    return best + Math.log(sum);
  }

  private posteriors(data: Float32Array, offset: number, out: Float64Array): void {
    const best = this.componentLogs(data, offset, out);
    let sum = 0;
    for (let c = 0; c < out.length; c++) {
      out[c] = Math.exp(out[c]! - best);
      sum += out[c]!;
    }
    for (let c = 0; c < out.length; c++) out[c] = out[c]! / sum;
  }
}
