/**
 * A voice note's waveform (ADR 0056): the lowest and highest sample of every 1/10 s of the
 * recording, made on the server while the audio is decoded for transcription, so a browser
 * never decodes a long recording to draw it.
 *
 * The file, as stored and as `GET pad/{id}/voicenote/{vid}/peaks/` sends it
 * (`application/octet-stream`):
 *
 * | bytes | what                                                           |
 * |-------|----------------------------------------------------------------|
 * | 0-3   | `VXPK`                                                          |
 * | 4     | format version (1)                                              |
 * | 5     | reserved (0)                                                    |
 * | 6-7   | peaks per second, unsigned, little-endian                       |
 * | 8-    | one pair per peak: lowest then highest sample, signed 8-bit (full scale ±127) |
 */
export const PEAKS_PER_SECOND = 10;
export const PEAKS_HEADER_BYTES = 8;
export const PEAKS_MAGIC = 'VXPK';
export const PEAKS_VERSION = 1;
export const PEAKS_CONTENT_TYPE = 'application/octet-stream';

/** Error codes only the peaks endpoint gives, beside the shared API_ERROR_CODES. */
export const PEAKS_ERROR_CODES = {
  /** The waveform is not made yet: try again shortly (answered with 202). */
  pending: 'peaks_pending',
} as const;

export interface Peaks {
  perSecond: number;
  /** Lowest sample of each peak, -127..127. */
  min: Int8Array;
  /** Highest sample of each peak, -127..127. */
  max: Int8Array;
}

/** Reads a peaks file; undefined when it is not one (another format, a newer version). */
export function parsePeaks(bytes: Uint8Array): Peaks | undefined {
  if (bytes.length < PEAKS_HEADER_BYTES) return undefined;
  const magic = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  if (magic !== PEAKS_MAGIC || bytes[4] !== PEAKS_VERSION) return undefined;
  const perSecond = bytes[6]! | (bytes[7]! << 8);
  if (perSecond === 0) return undefined;
  const count = Math.floor((bytes.length - PEAKS_HEADER_BYTES) / 2);
  const min = new Int8Array(count);
  const max = new Int8Array(count);
  const body = new Int8Array(bytes.buffer, bytes.byteOffset + PEAKS_HEADER_BYTES, count * 2);
  for (let i = 0; i < count; i++) {
    min[i] = body[2 * i]!;
    max[i] = body[2 * i + 1]!;
  }
  return { perSecond, min, max };
}
