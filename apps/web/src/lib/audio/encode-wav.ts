/** Bytes in the canonical 44-byte RIFF/WAVE header for PCM. */
export const WAV_HEADER_BYTES = 44;

/** Clamps float samples (-1..1) to signed 16-bit integers. */
export function floatTo16BitPcm(samples: Float32Array): Int16Array {
  const pcm = new Int16Array(samples.length);
  for (let index = 0; index < samples.length; index += 1) {
    const sample = Math.max(-1, Math.min(1, samples[index] ?? 0));
    pcm[index] = sample < 0 ? Math.round(sample * 0x8000) : Math.round(sample * 0x7fff);
  }
  return pcm;
}

function writeAscii(view: DataView, offset: number, text: string): void {
  for (let index = 0; index < text.length; index += 1) view.setUint8(offset + index, text.charCodeAt(index));
}

/**
 * The 44-byte header of a 16-bit PCM mono WAV file holding `dataBytes` of samples. Written
 * last when a recording is saved piece by piece, once its length is known.
 */
export function wavHeader(sampleRate: number, dataBytes: number): ArrayBuffer {
  if (!Number.isInteger(sampleRate) || sampleRate <= 0)
    throw new RangeError(`Invalid sample rate: ${sampleRate}`);
  const channels = 1;
  const bytesPerSample = 2;
  const buffer = new ArrayBuffer(WAV_HEADER_BYTES);
  const view = new DataView(buffer);
  writeAscii(view, 0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  writeAscii(view, 8, 'WAVE');
  writeAscii(view, 12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size for PCM
  view.setUint16(20, 1, true); // audio format 1 = linear PCM
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * bytesPerSample, true); // byte rate
  view.setUint16(32, channels * bytesPerSample, true); // block align
  view.setUint16(34, bytesPerSample * 8, true); // bits per sample
  writeAscii(view, 36, 'data');
  view.setUint32(40, dataBytes, true);
  return buffer;
}

/**
 * A 16-bit PCM mono WAV file: the 44-byte header followed by little-endian samples.
 * `chunks` are concatenated in order, so a recording can be kept as many small pieces.
 */
export function encodeWavBuffer(chunks: readonly Int16Array[], sampleRate: number): ArrayBuffer {
  const bytesPerSample = 2;
  const sampleCount = chunks.reduce((total, chunk) => total + chunk.length, 0);
  const dataBytes = sampleCount * bytesPerSample;
  const header = wavHeader(sampleRate, dataBytes);
  const buffer = new ArrayBuffer(WAV_HEADER_BYTES + dataBytes);
  new Uint8Array(buffer).set(new Uint8Array(header), 0);
  const view = new DataView(buffer);

  let offset = WAV_HEADER_BYTES;
  for (const chunk of chunks) {
    for (let index = 0; index < chunk.length; index += 1) {
      view.setInt16(offset, chunk[index] ?? 0, true);
      offset += bytesPerSample;
    }
  }
  return buffer;
}

export function encodeWav(chunks: readonly Int16Array[], sampleRate: number): Blob {
  return new Blob([encodeWavBuffer(chunks, sampleRate)], { type: 'audio/wav' });
}
