/**
 * Loudness peaks for a waveform: the audio is cut into `buckets` equal slices and each slice
 * keeps its largest absolute sample over all channels, scaled so the loudest slice is 1.
 * Silence stays 0 rather than being scaled up into noise.
 */
export function computePeaks(channels: readonly Float32Array[], buckets: number): number[] {
  const length = channels.reduce((longest, channel) => Math.max(longest, channel.length), 0);
  const count = Math.max(0, Math.floor(buckets));
  if (length === 0 || count === 0) return new Array<number>(count).fill(0);
  const peaks = new Array<number>(count).fill(0);
  const size = length / count;
  for (let bucket = 0; bucket < count; bucket += 1) {
    const from = Math.floor(bucket * size);
    const to = Math.max(from + 1, Math.floor((bucket + 1) * size));
    let peak = 0;
    for (const channel of channels) {
      const end = Math.min(to, channel.length);
      for (let index = from; index < end; index += 1) {
        const value = Math.abs(channel[index] ?? 0);
        if (value > peak) peak = value;
      }
    }
    peaks[bucket] = peak;
  }
  const loudest = Math.max(...peaks);
  return loudest < 1e-4 ? peaks.map(() => 0) : peaks.map((peak) => peak / loudest);
}

/** Time (seconds) for a pointer at `x` within a box `width` wide, clamped to the audio. */
export function timeAtPosition(x: number, width: number, duration: number): number {
  if (!(width > 0) || !(duration > 0)) return 0;
  return Math.min(duration, Math.max(0, (x / width) * duration));
}

/**
 * The server's peaks (`@voxpad/shared/peaks`: lowest and highest sample per tenth of a second)
 * as `buckets` bars, each the loudest |sample| of its slice, scaled so the loudest bar is 1 —
 * the same bars computePeaks draws from decoded audio.
 */
export function barsFromPeaks(min: Int8Array, max: Int8Array, buckets: number): number[] {
  const length = Math.min(min.length, max.length);
  const count = Math.max(0, Math.floor(buckets));
  if (length === 0 || count === 0) return new Array<number>(count).fill(0);
  const bars = new Array<number>(count).fill(0);
  const size = length / count;
  for (let bucket = 0; bucket < count; bucket += 1) {
    const from = Math.floor(bucket * size);
    const to = Math.min(length, Math.max(from + 1, Math.floor((bucket + 1) * size)));
    let peak = 0;
    for (let index = from; index < to; index += 1) {
      peak = Math.max(peak, -(min[index] ?? 0), max[index] ?? 0);
    }
    bars[bucket] = peak;
  }
  const loudest = Math.max(...bars);
  return loudest === 0 ? bars.map(() => 0) : bars.map((peak) => peak / loudest);
}
