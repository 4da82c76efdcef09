/**
 * fast-check generators of recordings' first bytes: real frame sequences (MPEG audio, ADTS),
 * ID3 tags, and bytes that start like a known format and then go wrong, so the sniffer and
 * the WAV reader meet what an attacker or a broken recorder could send.
 */
import fc from 'fast-check';

/** An ID3v2.4 tag: header and a body of `size` bytes (zeros, as padding is). */
export function id3Tag(size: number): Uint8Array {
  const tag = new Uint8Array(10 + size);
  tag.set([0x49, 0x44, 0x33, 4, 0, 0]);
  for (let i = 0; i < 4; i++) tag[6 + i] = (size >> (7 * (3 - i))) & 0x7f;
  return tag;
}

const MPEG_RATES: Record<number, readonly number[]> = {
  0b11: [44100, 48000, 32000],
  0b10: [22050, 24000, 16000],
  0b00: [11025, 12000, 8000],
};
const MPEG_BITRATES = {
  mpeg1: [
    [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  mpeg2: [
    [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
} as const;

/** A stream of 2-5 MPEG audio frames as the standard lays them out, payload random. */
export const mpegFrames: fc.Arbitrary<Uint8Array> = fc
  .record({
    version: fc.constantFrom(0b11, 0b10, 0b00),
    layer: fc.constantFrom(1, 2, 3),
    rateIndex: fc.integer({ min: 0, max: 2 }),
    frames: fc.array(fc.record({ bitrateIndex: fc.integer({ min: 1, max: 14 }), padding: fc.boolean() }), {
      minLength: 2,
      maxLength: 5,
    }),
    seed: fc.integer(),
  })
  .map(({ version, layer, rateIndex, frames, seed }) => {
    const sampleRate = MPEG_RATES[version]![rateIndex]!;
    const table = MPEG_BITRATES[version === 0b11 ? 'mpeg1' : 'mpeg2'][layer - 1]!;
    const parts = frames.map(({ bitrateIndex, padding }) => {
      const bitrate = table[bitrateIndex - 1]! * 1000;
      const pad = padding ? 1 : 0;
      const length =
        layer === 1
          ? (Math.floor((12 * bitrate) / sampleRate) + pad) * 4
          : layer === 3 && version !== 0b11
            ? Math.floor((72 * bitrate) / sampleRate) + pad
            : Math.floor((144 * bitrate) / sampleRate) + pad;
      const frame = new Uint8Array(length).map((_, i) => (seed + i * 31) & 0xff);
      frame[0] = 0xff;
      frame[1] = 0xe0 | (version << 3) | ((4 - layer) << 1) | 1;
      frame[2] = (bitrateIndex << 4) | (rateIndex << 2) | (pad << 1);
      frame[3] = 0xc4;
      return frame;
    });
    return concat(parts);
  });

/** A stream of 2-5 ADTS (raw AAC) frames, payload random. */
export const adtsFrames: fc.Arbitrary<Uint8Array> = fc
  .record({
    frequencyIndex: fc.integer({ min: 0, max: 12 }),
    profile: fc.integer({ min: 0, max: 3 }),
    lengths: fc.array(fc.integer({ min: 8, max: 2000 }), { minLength: 2, maxLength: 5 }),
  })
  .map(({ frequencyIndex, profile, lengths }) =>
    concat(
      lengths.map((length) => {
        const frame = new Uint8Array(length).fill(0x21);
        frame.set([
          0xff,
          0xf1,
          (profile << 6) | (frequencyIndex << 2),
          0x40 | ((length >> 11) & 0b11),
          (length >> 3) & 0xff,
          ((length & 0b111) << 5) | 0x1f,
          0xfc,
        ]);
        return frame;
      }),
    ),
  );

const SIGNATURES = ['RIFF\0\0\0\0WAVE', 'fLaC', 'OggS', '\x1aE\xdf\xa3', '\0\0\0\x20ftyp', 'ID3'];

/** Bytes that start like a known format (or an ID3 tag) and continue with anything. */
export const lookalikeBytes: fc.Arbitrary<Uint8Array> = fc
  .tuple(
    fc.oneof(
      fc.constantFrom(...SIGNATURES).map((s) => Uint8Array.from(s, (c) => c.charCodeAt(0))),
      fc.integer({ min: 0, max: 1 << 21 }).map((size) => id3Tag(size).subarray(0, 10)),
      fc
        .uint8Array({ minLength: 4, maxLength: 4 })
        .map((b) => Uint8Array.from([0xff, 0xe0 | b[1]!, b[2]!, b[3]!])),
    ),
    fc.uint8Array({ maxLength: 2048 }),
  )
  .map(([head, tail]) => concat([head, tail]));

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
