/**
 * Averages channels into one. Speech recognisers want a single channel, and
 * averaging (rather than picking the left channel) keeps speech recorded on
 * only one side of a stereo file, as phone-call recorders often do.
 *
 * A single channel is returned as-is, without copying.
 */
export function downmixToMono(channels: readonly Float32Array[]): Float32Array {
  const [first] = channels;
  if (!first) throw new RangeError('downmixToMono needs at least one channel.');
  if (channels.length === 1) return first;

  const length = first.length;
  if (channels.some((channel) => channel.length !== length)) {
    throw new RangeError('downmixToMono needs channels of equal length.');
  }
  const mono = new Float32Array(length);
  for (const channel of channels) {
    for (let i = 0; i < length; i++) mono[i]! += channel[i]!;
  }
  const scale = 1 / channels.length;
  for (let i = 0; i < length; i++) mono[i]! *= scale;
  return mono;
}
