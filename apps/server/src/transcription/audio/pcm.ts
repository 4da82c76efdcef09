/** Conversions between float samples and 16-bit PCM. */

/**
 * Float samples in [-1, 1] to signed 16-bit PCM, which is what the native
 * speech engines consume. Out-of-range values are clipped rather than wrapped:
 * wrapping turns a slightly hot peak into a full-scale click.
 */
export function floatToInt16(samples: Float32Array): Int16Array<ArrayBuffer> {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i]!;
    if (s >= 1) out[i] = 32767;
    else if (s <= -1) out[i] = -32768;
    else if (!Number.isNaN(s)) out[i] = Math.round(s * 32767);
    // NaN stays 0.
  }
  return out;
}

/** Signed 16-bit PCM to float samples in [-1, 1), for engines that take floats. */
export function int16ToFloat(pcm: Int16Array): Float32Array {
  const out = new Float32Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) out[i] = pcm[i]! / 32768;
  return out;
}
