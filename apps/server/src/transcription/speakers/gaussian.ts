/**
 * Sufficient statistics of a full-covariance Gaussian (count, sum, sum of outer products),
 * which add up when segments or clusters merge, and the Bayesian information criterion
 * that decides whether two of them are one speaker. The criterion compares log-determinants,
 * so it does not change under any invertible linear transform of the features: no feature
 * normalisation is needed, and none that depends on the whole recording is done.
 */
export class GaussianStats {
  n = 0;
  readonly sum: Float64Array;
  /** Upper triangle of Σ x xᵀ, row after row. */
  readonly outer: Float64Array;

  constructor(readonly dims: number) {
    this.sum = new Float64Array(dims);
    this.outer = new Float64Array((dims * (dims + 1)) / 2);
  }

  /** Adds the frame at `offset` of `values`. */
  add(values: Float32Array, offset: number): void {
    const d = this.dims;
    this.n++;
    let k = 0;
    for (let i = 0; i < d; i++) {
      const xi = values[offset + i]!;
      this.sum[i] = this.sum[i]! + xi;
      for (let j = i; j < d; j++, k++) this.outer[k] = this.outer[k]! + xi * values[offset + j]!;
    }
  }

  /** Takes away the frame at `offset` (added before). */
  remove(values: Float32Array, offset: number): void {
    const d = this.dims;
    this.n--;
    let k = 0;
    for (let i = 0; i < d; i++) {
      const xi = values[offset + i]!;
      this.sum[i] = this.sum[i]! - xi;
      for (let j = i; j < d; j++, k++) this.outer[k] = this.outer[k]! - xi * values[offset + j]!;
    }
  }

  merge(other: GaussianStats): this {
    this.n += other.n;
    for (let i = 0; i < this.sum.length; i++) this.sum[i] = this.sum[i]! + other.sum[i]!;
    for (let i = 0; i < this.outer.length; i++) this.outer[i] = this.outer[i]! + other.outer[i]!;
    return this;
  }

  static combined(a: GaussianStats, b: GaussianStats): GaussianStats {
    return new GaussianStats(a.dims).merge(a).merge(b);
  }

  /** n · log|Σ|: the data term of the criterion. */
  weightedLogDet(): number {
    return this.n > 0 ? this.n * logDetCovariance(this) : 0;
  }
}

/**
 * The ridge keeps the covariance of a short or constant stretch invertible; it is small
 * against the variance of any cepstrum of real sound.
 */
const RIDGE = 1e-3;
const scratch = new Map<number, Float64Array>();

/** log|Σ| of the maximum-likelihood covariance, by Cholesky. */
export function logDetCovariance(stats: GaussianStats): number {
  return logDetOf(stats, undefined);
}

/**
 * log|Σ| of `a`'s frames, together with `b`'s when given: the joint statistics are summed
 * on the fly, so comparing two clusters allocates nothing (clustering compares many pairs).
 */
function logDetOf(a: GaussianStats, b: GaussianStats | undefined): number {
  const d = a.dims;
  let m = scratch.get(d);
  if (!m) scratch.set(d, (m = new Float64Array(d * d)));
  const n = a.n + (b?.n ?? 0);
  let k = 0;
  for (let i = 0; i < d; i++) {
    const mi = (a.sum[i]! + (b?.sum[i] ?? 0)) / n;
    for (let j = i; j < d; j++) {
      const mj = (a.sum[j]! + (b?.sum[j] ?? 0)) / n;
      const c = (a.outer[k]! + (b?.outer[k] ?? 0)) / n - mi * mj;
      k++;
      m[i * d + j] = c;
      m[j * d + i] = c;
    }
    m[i * d + i] = m[i * d + i]! + RIDGE;
  }
  let logDet = 0;
  for (let j = 0; j < d; j++) {
    let diag = m[j * d + j]!;
    for (let p = 0; p < j; p++) diag -= m[j * d + p]! * m[j * d + p]!;
    // Rounding can leave a flat direction at or below zero: it counts as the ridge.
    const l = Math.sqrt(Math.max(diag, RIDGE));
    m[j * d + j] = l;
    logDet += 2 * Math.log(l);
    for (let i = j + 1; i < d; i++) {
      let v = m[i * d + j]!;
      for (let p = 0; p < j; p++) v -= m[i * d + p]! * m[j * d + p]!;
      m[i * d + j] = v / l;
    }
  }
  return logDet;
}

/**
 * ΔBIC of modelling `a` and `b` as one Gaussian rather than two: positive when two fit
 * better than the extra parameters cost. `penalty` scales the cost (λ).
 */
export function deltaBic(
  a: GaussianStats,
  b: GaussianStats,
  penalty: number,
  aLogDet = a.weightedLogDet(),
  bLogDet = b.weightedLogDet(),
): number {
  const d = a.dims;
  const n = a.n + b.n;
  const parameters = d + (d * (d + 1)) / 2;
  return 0.5 * (n * logDetOf(a, b) - aLogDet - bLogDet) - penalty * 0.5 * parameters * Math.log(n);
}
