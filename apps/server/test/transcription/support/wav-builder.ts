/**
 * Builds WAV files byte by byte, including the malformed variants real
 * recorders produce, so the decoder can be tested against exact layouts.
 */
export type Encoding = 'uint8' | 'int16' | 'int24' | 'int32' | 'float32' | 'float64';

export interface Chunk {
  id: string;
  body: Uint8Array;
  /** Size to write in the header instead of body.length. */
  declaredSize?: number;
  /** Leave out the pad byte after an odd-sized body, as buggy writers do. */
  omitPad?: boolean;
}

export interface FormatSpec {
  encoding: Encoding;
  channels: number;
  sampleRate: number;
  /** Write WAVE_FORMAT_EXTENSIBLE instead of the plain tag. */
  extensible?: boolean;
  /** Override the format tag (e.g. 7 for µ-law). */
  tag?: number;
  /** Container width in bytes when wider than the samples (24-bit audio in 4 bytes). */
  containerBytes?: number;
  bigEndian?: boolean;
}

const BYTES: Record<Encoding, number> = { uint8: 1, int16: 2, int24: 3, int32: 4, float32: 4, float64: 8 };
const BITS: Record<Encoding, number> = {
  uint8: 8,
  int16: 16,
  int24: 24,
  int32: 32,
  float32: 32,
  float64: 64,
};

export function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

export function fmtChunk(spec: FormatSpec): Chunk {
  const le = !spec.bigEndian;
  const isFloat = spec.encoding.startsWith('float');
  const plainTag = spec.tag ?? (isFloat ? 3 : 1);
  const container = spec.containerBytes ?? BYTES[spec.encoding];
  const body = new Uint8Array(spec.extensible ? 40 : 16);
  const view = new DataView(body.buffer);
  view.setUint16(0, spec.extensible ? 0xfffe : plainTag, le);
  view.setUint16(2, spec.channels, le);
  view.setUint32(4, spec.sampleRate, le);
  view.setUint32(8, spec.sampleRate * container * spec.channels, le);
  view.setUint16(12, container * spec.channels, le);
  view.setUint16(14, spec.containerBytes ? container * 8 : BITS[spec.encoding], le);
  if (spec.extensible) {
    view.setUint16(16, 22, le);
    view.setUint16(18, BITS[spec.encoding], le);
    view.setUint32(20, 0, le);
    view.setUint16(24, plainTag, le);
    body.set([0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71], 26);
  }
  return { id: 'fmt ', body };
}

/** Interleaves and encodes samples in [-1, 1]. */
export function encodeSamples(channels: Float32Array[], spec: FormatSpec): Uint8Array {
  const le = !spec.bigEndian;
  const width = BYTES[spec.encoding];
  const container = spec.containerBytes ?? width;
  const frames = channels[0]?.length ?? 0;
  const out = new Uint8Array(frames * channels.length * container);
  const view = new DataView(out.buffer);
  let at = 0;
  for (let i = 0; i < frames; i++) {
    for (const channel of channels) {
      const s = Math.max(-1, Math.min(1, channel[i]!));
      // Narrow samples sit in the high bytes of a wider container.
      const slot = le ? at + container - width : at;
      switch (spec.encoding) {
        case 'uint8':
          view.setUint8(slot, Math.round(s * 127) + 128);
          break;
        case 'int16':
          view.setInt16(slot, Math.round(s * 32767), le);
          break;
        case 'int24': {
          const v = Math.round(s * 8388607);
          const bytes = [v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff];
          out.set(le ? bytes : bytes.reverse(), slot);
          break;
        }
        case 'int32':
          view.setInt32(slot, Math.round(s * 2147483647), le);
          break;
        case 'float32':
          view.setFloat32(slot, channel[i]!, le);
          break;
        case 'float64':
          view.setFloat64(slot, channel[i]!, le);
          break;
      }
      at += container;
    }
  }
  return out;
}

/** Assembles a RIFF file; `magic` may be RIFX (big-endian) or RF64. */
export function riff(chunks: Chunk[], options: { magic?: string; bigEndian?: boolean } = {}): Uint8Array {
  const le = !options.bigEndian;
  const parts: Uint8Array[] = [];
  for (const chunk of chunks) {
    const header = new Uint8Array(8);
    header.set(ascii(chunk.id), 0);
    new DataView(header.buffer).setUint32(4, chunk.declaredSize ?? chunk.body.length, le);
    parts.push(header, chunk.body);
    if (chunk.body.length % 2 === 1 && !chunk.omitPad) parts.push(new Uint8Array(1));
  }
  const bodyLength = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(12 + bodyLength);
  out.set(ascii(options.magic ?? (options.bigEndian ? 'RIFX' : 'RIFF')), 0);
  new DataView(out.buffer).setUint32(4, 4 + bodyLength, le);
  out.set(ascii('WAVE'), 8);
  let at = 12;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The common case: a well-formed file. */
export function buildWav(channels: Float32Array[], spec: Omit<FormatSpec, 'channels'>): Uint8Array {
  const full = { ...spec, channels: channels.length };
  return riff([fmtChunk(full), { id: 'data', body: encodeSamples(channels, full) }], {
    bigEndian: spec.bigEndian ?? false,
  });
}
