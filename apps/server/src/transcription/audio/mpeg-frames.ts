/**
 * MPEG audio (MP3) and ADTS (raw AAC) frames, and the ID3v2 tags that may come before them.
 * A recording is only taken for one of these when two frames that agree follow each other
 * (or one frame fills the file): a lone sync word, or a tag followed by anything else, is
 * not audio. A tag with something else behind it is how a playlist was once smuggled to
 * ffmpeg, which skips tags when it guesses a format.
 */

export type FrameKind = 'mp3' | 'aac';

/** Tags one after another happen (a tagger that prepends instead of replacing); more do not. */
const MAX_TAGS = 4;
/** Some taggers pad after the tag instead of inside it; ffmpeg skips such zeros. */
const MAX_ZERO_PADDING = 4096;

/**
 * Where the audio starts after any ID3v2 tags and the zeros some taggers leave behind them
 * (0 without a tag), and whether the tags' sizes are well-formed. `end` may lie beyond the
 * bytes given: the tags are larger than what was read.
 */
export function afterId3Tags(bytes: Uint8Array): { end: number; valid: boolean } {
  let at = 0;
  for (let tags = 0; tags < MAX_TAGS && isId3At(bytes, at); tags++) {
    const size = syncsafe(bytes, at + 6);
    if (size === undefined || bytes[at + 3] === 0xff || bytes[at + 4] === 0xff) {
      return { end: at, valid: false };
    }
    // ID3v2.4 may end with a 10-byte footer that the size does not count.
    const footer = bytes[at + 3] === 4 && (bytes[at + 5]! & 0x10) !== 0 ? 10 : 0;
    at += 10 + size + footer;
  }
  const limit = Math.min(bytes.length, at + MAX_ZERO_PADDING);
  while (at < limit && bytes[at] === 0) at++;
  return { end: at, valid: true };
}

function isId3At(bytes: Uint8Array, at: number): boolean {
  return bytes.length >= at + 10 && bytes[at] === 0x49 && bytes[at + 1] === 0x44 && bytes[at + 2] === 0x33;
}

/** Four bytes of 7 bits each; undefined if a high bit is set. */
function syncsafe(bytes: Uint8Array, at: number): number | undefined {
  let size = 0;
  for (let i = 0; i < 4; i++) {
    const byte = bytes[at + i]!;
    if (byte & 0x80) return undefined;
    size = (size << 7) | byte;
  }
  return size;
}

/**
 * MP3 or AAC when a valid frame header sits at `at` and is followed by another of the same
 * stream (same version, layer and sample rate) right where its length says, or ends the bytes.
 */
export function framesAt(bytes: Uint8Array, at: number): FrameKind | undefined {
  const first = frameHeader(bytes, at);
  if (!first) return undefined;
  const next = at + first.length;
  if (next === bytes.length) return first.kind;
  const second = frameHeader(bytes, next);
  if (!second || second.kind !== first.kind || second.stream !== first.stream) return undefined;
  return first.kind;
}

interface FrameHeader {
  kind: FrameKind;
  /** Bytes of the frame, header included. */
  length: number;
  /** The header bits every frame of one stream shares. */
  stream: number;
}

function frameHeader(bytes: Uint8Array, at: number): FrameHeader | undefined {
  if (at + 7 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xe0) !== 0xe0) return undefined;
  return ((bytes[at + 1]! >> 1) & 0b11) === 0 ? adtsHeader(bytes, at) : mpegHeader(bytes, at);
}

/** ADTS: 12 sync bits, layer 0, a sampling-frequency index below 13, a length past the header. */
function adtsHeader(bytes: Uint8Array, at: number): FrameHeader | undefined {
  const b1 = bytes[at + 1]!;
  const b2 = bytes[at + 2]!;
  if ((b1 & 0xf0) !== 0xf0) return undefined;
  const frequencyIndex = (b2 >> 2) & 0x0f;
  if (frequencyIndex >= 13) return undefined;
  const headerBytes = b1 & 1 ? 7 : 9;
  const length = ((bytes[at + 3]! & 0b11) << 11) | (bytes[at + 4]! << 3) | (bytes[at + 5]! >> 5);
  if (length <= headerBytes) return undefined;
  // Sync, version, layer, profile and sampling frequency.
  const stream = ((b1 & 0xfe) << 8) | (b2 & 0xfc);
  return { kind: 'aac', length, stream };
}

/** kbit/s by [MPEG-1 ? 0 : 1][layer 1..3 → 0..2][bitrate index]. */
const BITRATES = [
  [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
] as const;
/** Hz by version bits (MPEG-2.5, reserved, MPEG-2, MPEG-1) and sample-rate index. */
const SAMPLE_RATES = [[11025, 12000, 8000], [], [22050, 24000, 16000], [44100, 48000, 32000]] as const;

/**
 * MPEG-1/2/2.5 layer I-III. Free-format streams (bitrate index 0) are refused: their frame
 * length cannot be known from the header, and no recorder writes them.
 */
function mpegHeader(bytes: Uint8Array, at: number): FrameHeader | undefined {
  const b1 = bytes[at + 1]!;
  const b2 = bytes[at + 2]!;
  const version = (b1 >> 3) & 0b11;
  const layer = 4 - ((b1 >> 1) & 0b11);
  const bitrateIndex = b2 >> 4;
  const sampleRate = SAMPLE_RATES[version]?.[(b2 >> 2) & 0b11];
  if (version === 0b01 || bitrateIndex === 0 || bitrateIndex === 0b1111 || sampleRate === undefined) {
    return undefined;
  }
  const mpeg1 = version === 0b11;
  const bitrate = BITRATES[mpeg1 ? 0 : 1][layer - 1]![bitrateIndex]! * 1000;
  const padding = (b2 >> 1) & 1;
  let length: number;
  if (layer === 1) length = (Math.floor((12 * bitrate) / sampleRate) + padding) * 4;
  else if (layer === 3 && !mpeg1) length = Math.floor((72 * bitrate) / sampleRate) + padding;
  else length = Math.floor((144 * bitrate) / sampleRate) + padding;
  // Sync, version, layer and sample-rate index.
  const stream = ((b1 & 0xfe) << 8) | (b2 & 0x0c);
  return { kind: 'mp3', length, stream };
}
