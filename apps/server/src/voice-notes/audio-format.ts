/**
 * Recognises a recording from its first bytes. The declared Content-Type is not trusted:
 * browsers label MediaRecorder output loosely and anyone can send anything, while the
 * stored type is what players are told when the audio is served back.
 */
export interface AudioFormat {
  /** The type stored with the note and sent when the audio is played. */
  mime: string;
  /** The extension of the stored file. */
  extension: string;
}

/** Enough for every signature below, including an Ogg page header and an EBML DocType. */
export const SNIFF_BYTES = 64;

const WAV: AudioFormat = { mime: 'audio/wav', extension: 'wav' };
const WEBM: AudioFormat = { mime: 'audio/webm', extension: 'webm' };
const MATROSKA: AudioFormat = { mime: 'audio/x-matroska', extension: 'mka' };
const OGG: AudioFormat = { mime: 'audio/ogg', extension: 'ogg' };
const MP3: AudioFormat = { mime: 'audio/mpeg', extension: 'mp3' };
const M4A: AudioFormat = { mime: 'audio/mp4', extension: 'm4a' };
const AAC: AudioFormat = { mime: 'audio/aac', extension: 'aac' };
const FLAC: AudioFormat = { mime: 'audio/flac', extension: 'flac' };

/** ISO base media brands of audio MP4 files (iTunes, ffmpeg, Safari's MediaRecorder). */
const MP4_BRANDS = new Set(['M4A ', 'M4B ', 'mp42', 'mp41', 'isom', 'iso2', 'iso4', 'iso5', 'iso6', 'dash']);

export function sniffAudioFormat(head: Uint8Array): AudioFormat | undefined {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  const ascii = (start: number, end: number) => bytes.toString('latin1', start, end);

  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return WAV;
  if (ascii(0, 4) === 'fLaC') return FLAC;
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) {
    // The EBML header names its DocType near the start; MediaRecorder writes "webm".
    return bytes.subarray(0, SNIFF_BYTES).includes('webm') ? WEBM : MATROSKA;
  }
  if (ascii(0, 4) === 'OggS') return oggCodec(bytes) ? OGG : undefined;
  if (ascii(4, 8) === 'ftyp') return hasMp4AudioBrand(bytes) ? M4A : undefined;
  if (ascii(0, 3) === 'ID3') return MP3;
  return frameSync(bytes);
}

/** Opus and Vorbis announce themselves in the first packet of the first Ogg page. */
function oggCodec(bytes: Buffer): 'opus' | 'vorbis' | undefined {
  if (bytes.length < 27) return undefined;
  const segments = bytes[26]!;
  const payload = 27 + segments;
  if (bytes.toString('latin1', payload, payload + 8) === 'OpusHead') return 'opus';
  if (bytes.toString('latin1', payload, payload + 7) === '\x01vorbis') return 'vorbis';
  return undefined;
}

function hasMp4AudioBrand(bytes: Buffer): boolean {
  if (bytes.length < 12) return false;
  const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length);
  if (MP4_BRANDS.has(bytes.toString('latin1', 8, 12))) return true;
  // Compatible brands follow the major brand and its minor version.
  for (let at = 16; at + 4 <= boxEnd; at += 4) {
    if (MP4_BRANDS.has(bytes.toString('latin1', at, at + 4))) return true;
  }
  return false;
}

/**
 * An MPEG audio frame (MP3) or an ADTS frame (raw AAC) starts with 11 or 12 set bits;
 * the fields after them must hold values that exist, which rules out most random data.
 */
function frameSync(bytes: Buffer): AudioFormat | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || (bytes[1]! & 0xe0) !== 0xe0) return undefined;
  const b1 = bytes[1]!;
  const b2 = bytes[2]!;
  const layer = (b1 >> 1) & 0b11;
  if (layer === 0) {
    // ADTS: 12-bit sync, layer 0, a sampling-frequency index below 13.
    const adts = (b1 & 0xf0) === 0xf0 && ((b2 >> 2) & 0x0f) < 13;
    return adts ? AAC : undefined;
  }
  const version = (b1 >> 3) & 0b11;
  const bitrateIndex = b2 >> 4;
  const sampleRateIndex = (b2 >> 2) & 0b11;
  if (version === 0b01 || bitrateIndex === 0b1111 || sampleRateIndex === 0b11) return undefined;
  return MP3;
}
