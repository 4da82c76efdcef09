/** Test signals and the measurements used to judge the audio pipeline. */

export function tone(frequency: number, sampleRate: number, seconds: number, amplitude = 0.5): Float32Array {
  const out = new Float32Array(Math.round(sampleRate * seconds));
  for (let i = 0; i < out.length; i++)
    out[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate);
  return out;
}

/** Root mean square, ignoring `edge` samples at both ends where filters ramp up. */
export function rms(samples: Float32Array, edge = 0): number {
  let sum = 0;
  let n = 0;
  for (let i = edge; i < samples.length - edge; i++) {
    sum += samples[i]! * samples[i]!;
    n++;
  }
  return Math.sqrt(sum / n);
}

export function decibels(ratio: number): number {
  return 20 * Math.log10(ratio);
}
