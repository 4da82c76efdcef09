/**
 * EBML, the binary layout of Matroska and WebM: elements of an ID and a size, each a
 * variable-length integer. One reader for the upload sniffer (audio-format.ts) and the length
 * of a recording that states none (webm-duration.ts).
 */

export interface EbmlElement {
  id: number;
  /** Where its data starts. */
  data: number;
  /** Its data's size; undefined when unknown (a live recorder's Segment and Clusters). */
  size: number | undefined;
}

/** An element's ID and size at `at`, or undefined when they do not read as EBML. */
export function readElement(bytes: Buffer, at: number): EbmlElement | undefined {
  const first = bytes[at];
  if (first === undefined || first === 0) return undefined;
  // An ID keeps its marker bit and is at most 4 bytes long.
  const idLength = Math.clz32(first) - 23;
  if (idLength > 4 || at + idLength > bytes.length) return undefined;
  let id = 0;
  for (let i = 0; i < idLength; i++) id = id * 256 + bytes[at + i]!;
  const size = readVint(bytes, at + idLength);
  if (!size) return undefined;
  return { id, data: at + idLength + size.length, size: size.unknown ? undefined : size.value };
}

/** An EBML variable-length integer (marker bit removed); `unknown` when all its bits are set. */
export function readVint(
  bytes: Buffer,
  at: number,
): { value: number; length: number; unknown: boolean } | undefined {
  const first = bytes[at];
  if (first === undefined || first === 0) return undefined;
  // The count of leading zero bits gives the length.
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return undefined;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i]!;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  if (allOnes) return { value: 0, length, unknown: true };
  return Number.isSafeInteger(value) ? { value, length, unknown: false } : undefined;
}

/** An unsigned integer element's value (at most 8 bytes). */
export function readUint(bytes: Buffer, element: EbmlElement): number | undefined {
  if (element.size === undefined || element.size > 8 || element.data + element.size > bytes.length) {
    return undefined;
  }
  let value = 0;
  for (let i = 0; i < element.size; i++) value = value * 256 + bytes[element.data + i]!;
  return Number.isSafeInteger(value) ? value : undefined;
}
