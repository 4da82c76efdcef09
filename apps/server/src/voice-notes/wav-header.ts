/**
 * What a WAV header says about the audio that follows, enough to know its duration
 * before the body has arrived.
 */
export interface WavHeader {
  /** Bytes per second of audio (sample rate × channels × bytes per sample). */
  byteRate: number;
  /** Where the samples start, when the `data` chunk lies within the bytes read. */
  dataOffset: number | undefined;
  /**
   * The size the `data` chunk declares; undefined when it is unknown (recorders that
   * stream write 0 or 0xFFFFFFFF and never come back to fix it).
   */
  dataBytes: number | undefined;
}

/** Walks the RIFF chunks in `head`; undefined when there is no usable `fmt ` chunk. */
export function readWavHeader(head: Uint8Array): WavHeader | undefined {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  let byteRate: number | undefined;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ' && body + 12 <= bytes.length) {
      byteRate = bytes.readUInt32LE(body + 8);
    } else if (id === 'data') {
      if (!byteRate) return undefined;
      const known = size > 0 && size !== 0xffffffff;
      return { byteRate, dataOffset: body, dataBytes: known ? size : undefined };
    }
    // Chunks are padded to an even length.
    at = body + size + (size % 2);
  }
  return byteRate ? { byteRate, dataOffset: undefined, dataBytes: undefined } : undefined;
}

/**
 * The duration of a stored WAV of `totalBytes`: the declared data size (what players
 * play), or what follows the header when the size is unknown or the file was cut short.
 */
export function wavDurationSeconds(header: WavHeader, totalBytes: number): number {
  const present = Math.max(0, totalBytes - (header.dataOffset ?? 44));
  const dataBytes = header.dataBytes === undefined ? present : Math.min(header.dataBytes, present);
  return dataBytes / header.byteRate;
}
