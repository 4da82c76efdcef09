/**
 * The EBML reader shared by the upload sniffer and the WebM length (ebml.ts): IDs keep their
 * marker bit, sizes lose it, an all-ones size is unknown, and nothing past the bytes is read.
 */
import { describe, expect, it } from 'vitest';
import { readElement, readUint, readVint } from '../../src/transcription/audio/ebml.ts';

describe('EBML', () => {
  it('reads variable-length integers of one to eight bytes, and the unknown size', () => {
    expect(readVint(Buffer.from([0x81]), 0)).toEqual({ value: 1, length: 1, unknown: false });
    expect(readVint(Buffer.from([0x40, 0x02]), 0)).toEqual({ value: 2, length: 2, unknown: false });
    expect(readVint(Buffer.from([0x10, 0x00, 0x01, 0x00]), 0)).toEqual({
      value: 256,
      length: 4,
      unknown: false,
    });
    expect(readVint(Buffer.from([0xff]), 0)).toEqual({ value: 0, length: 1, unknown: true });
    expect(readVint(Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), 0)?.unknown).toBe(true);
    // A zero first byte has no length; a length past the bytes is not read.
    expect(readVint(Buffer.from([0x00, 0x81]), 0)).toBeUndefined();
    expect(readVint(Buffer.from([0x40]), 0)).toBeUndefined();
  });

  it('reads an element: its ID with the marker, where its data starts, its size', () => {
    // EBML header ID 1A 45 DF A3, size 0x84 (4), then a DocType (42 82) of "webm".
    const header = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x87, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d]);
    expect(readElement(header, 0)).toEqual({ id: 0x1a45dfa3, data: 5, size: 7 });
    expect(readElement(header, 5)).toEqual({ id: 0x4282, data: 8, size: 4 });
    // A Cluster of unknown size, as a live recorder writes it.
    expect(
      readElement(Buffer.from([0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), 0),
    ).toEqual({ id: 0x1f43b675, data: 12, size: undefined });
    // An ID longer than 4 bytes, or cut off, is not an element.
    expect(readElement(Buffer.from([0x08, 0, 0, 0, 0, 0x81]), 0)).toBeUndefined();
    expect(readElement(Buffer.from([0x1a, 0x45]), 0)).toBeUndefined();
  });

  it('reads an unsigned value of up to 8 bytes that lies within the bytes', () => {
    const scale = Buffer.from([0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40]);
    const element = readElement(scale, 0)!;
    expect(readUint(scale, element)).toBe(1_000_000);
    expect(readUint(scale.subarray(0, 6), element)).toBeUndefined();
    expect(readUint(scale, { ...element, size: undefined })).toBeUndefined();
    expect(readUint(Buffer.alloc(20), { id: 1, data: 0, size: 9 })).toBeUndefined();
  });
});
