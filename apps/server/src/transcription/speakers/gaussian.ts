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
  const d = stats.dims;
  let a = scratch.get(d);
  if (!a) scratch.set(d, (a = new Float64Array(d * d)));
  const n = stats.n;
  let k = 0;
  for (let i = 0; i < d; i++) {
    const mi = stats.sum[i]! / n;
    for (let j = i; j < d; j++) {
      const c = stats.outer[k++]! / n - mi * (stats.sum[j]! / n);
      a[i * d + j] = c;
      a[j * d + i] = c;
    }
    a[i * d + i] = a[i * d + i]! + RIDGE;
  }
  let logDet = 0;
  for (let j = 0; j < d; j++) {
    let diag = a[j * d + j]!;
    for (let p = 0; p < j; p++) diag -= a[j * d + p]! * a[j * d + p]!;
    // Rounding can leave a flat direction at or below zero: it counts as the ridge.
    const l = Math.sqrt(Math.max(diag, RIDGE));
    a[j * d + j] = l;
    logDet += 2 * Math.log(l);
    for (let i = j + 1; i < d; i++) {
      let v = a[i * d + j]!;
      for (let p = 0; p < j; p++) v -= a[i * d + p]! * a[j * d + p]!;
      a[i * d + j] = v / l;
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
  const joint = GaussianStats.combined(a, b);
  const parameters = d + (d * (d + 1)) / 2;
  return 0.5 * (joint.weightedLogDet() - aLogDet - bLogDet) - penalty * 0.5 * parameters * Math.log(joint.n);
}
