/**
 * Recognises a recording from its first bytes. The declared Content-Type is not trusted:
 * browsers label MediaRecorder output loosely and anyone can send anything, while the
 * stored type is what players are told when the audio is served back.
 *
 * A signature alone is not enough: what follows it must be the start of that format (a
 * FLAC stream description, an Ogg page opening Opus or Vorbis, an EBML header naming WebM
 * or Matroska before its segment, MPEG frames that follow one another). ffmpeg is then
 * told which demuxer to use (`demuxer`), so it never guesses from bytes that were made to
 * look like something else.
 */
import { readElement } from './ebml.ts';
import { afterId3Tags, framesAt } from './mpeg-frames.ts';

export interface AudioFormat {
  /** The type stored with the note and sent when the audio is played. */
  mime: string;
  /** The extension of the stored file. */
  extension: string;
  /** ffmpeg's demuxer for it (`-f`). */
  demuxer: string;
  /** Opus in Ogg, which opusdec decodes with a fraction of ffmpeg's memory (opus-decode.ts). */
  codec?: 'opus';
}

export interface SniffedAudio {
  format: AudioFormat;
  /** The sample rate the first bytes declare, where the format puts it there (FLAC, Vorbis). */
  sampleRate?: number;
}

/**
 * Enough for every check below: an EBML header, an Ogg page with its first packet, WAV
 * chunks before the samples, and after up to 4 KB of zero padding one MPEG or ADTS frame
 * (8 KB at most) and the header of the next. An ID3 tag ahead of the audio moves all of
 * that further in (sniffLength).
 */
export const SNIFF_BYTES = 16 * 1024;
/** Tags larger than this (cover art of many megabytes) are not read through to the audio. */
export const MAX_SNIFF_BYTES = 16 * 1024 * 1024;

export const WAV: AudioFormat = { mime: 'audio/wav', extension: 'wav', demuxer: 'wav' };
const WEBM: AudioFormat = { mime: 'audio/webm', extension: 'webm', demuxer: 'matroska' };
const MATROSKA: AudioFormat = { mime: 'audio/x-matroska', extension: 'mka', demuxer: 'matroska' };
const OGG: AudioFormat = { mime: 'audio/ogg', extension: 'ogg', demuxer: 'ogg' };
const OGG_OPUS: AudioFormat = { ...OGG, codec: 'opus' };
const MP3: AudioFormat = { mime: 'audio/mpeg', extension: 'mp3', demuxer: 'mp3' };
const M4A: AudioFormat = { mime: 'audio/mp4', extension: 'm4a', demuxer: 'mov' };
const AAC: AudioFormat = { mime: 'audio/aac', extension: 'aac', demuxer: 'aac' };
const FLAC: AudioFormat = { mime: 'audio/flac', extension: 'flac', demuxer: 'flac' };

/** ISO base media brands of audio MP4 files (iTunes, ffmpeg, Safari's MediaRecorder). */
const MP4_BRANDS = new Set(['M4A ', 'M4B ', 'mp42', 'mp41', 'isom', 'iso2', 'iso4', 'iso5', 'iso6', 'dash']);
const EBML_ID = 0x1a45dfa3;
const EBML_DOC_TYPE = 0x4282;
const MATROSKA_SEGMENT = 0x18538067;

/**
 * How many leading bytes sniffAudio needs: SNIFF_BYTES past any ID3 tags, at most
 * MAX_SNIFF_BYTES. Give sniffAudio at least this many, or the whole file.
 */
export function sniffLength(head: Uint8Array): number {
  return Math.min(MAX_SNIFF_BYTES, afterId3Tags(head).end + SNIFF_BYTES);
}

/** The format of a recording from its first sniffLength() bytes; undefined when it is none we read. */
export function sniffAudio(head: Uint8Array): SniffedAudio | undefined {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  const ascii = (start: number, end: number) => bytes.toString('latin1', start, end);

  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return { format: WAV };
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === EBML_ID) return matroska(bytes);
  if (ascii(0, 4) === 'OggS') return ogg(bytes);
  if (ascii(4, 8) === 'ftyp') return mp4(bytes);
  // ffmpeg's FLAC, MP3 and ADTS readers all skip ID3v2 tags in front of the audio.
  const tags = afterId3Tags(bytes);
  if (!tags.valid) return undefined;
  if (ascii(tags.end, tags.end + 4) === 'fLaC') return flac(bytes, tags.end);
  const frames = framesAt(bytes, tags.end);
  if (frames === 'mp3') return { format: MP3 };
  if (frames === 'aac') return { format: AAC };
  return undefined;
}

/** STREAMINFO comes first and says the stream's block sizes and sample rate. */
function flac(bytes: Buffer, at: number): SniffedAudio | undefined {
  const info = at + 8;
  if (bytes.length < info + 34) return undefined;
  const type = bytes[at + 4]! & 0x7f;
  if (type !== 0 || bytes.readUIntBE(at + 5, 3) !== 34) return undefined;
  const minBlock = bytes.readUInt16BE(info);
  const maxBlock = bytes.readUInt16BE(info + 2);
  const sampleRate = (bytes[info + 10]! << 12) | (bytes[info + 11]! << 4) | (bytes[info + 12]! >> 4);
  if (minBlock < 16 || maxBlock < minBlock || sampleRate === 0) return undefined;
  return { format: FLAC, sampleRate };
}

/** The first page opens a stream (version 0, "beginning of stream") with an Opus or Vorbis header. */
function ogg(bytes: Buffer): SniffedAudio | undefined {
  if (bytes.length < 27 || bytes[4] !== 0 || (bytes[5]! & 0x02) === 0) return undefined;
  const payload = 27 + bytes[26]!;
  if (bytes.toString('latin1', payload, payload + 8) === 'OpusHead') {
    if (bytes.length < payload + 10) return undefined;
    // Only major version 0 exists; a stream needs a channel. Opus always decodes at 48 kHz.
    return bytes[payload + 8]! >> 4 === 0 && bytes[payload + 9]! > 0 ? { format: OGG_OPUS } : undefined;
  }
  if (bytes.toString('latin1', payload, payload + 7) === '\x01vorbis') {
    if (bytes.length < payload + 16) return undefined;
    const version = bytes.readUInt32LE(payload + 7);
    const channels = bytes[payload + 11]!;
    const sampleRate = bytes.readUInt32LE(payload + 12);
    if (version !== 0 || channels === 0 || sampleRate === 0) return undefined;
    return { format: OGG, sampleRate };
  }
  return undefined;
}

/** An `ftyp` box with an audio brand, followed by another well-formed box. */
function mp4(bytes: Buffer): SniffedAudio | undefined {
  if (bytes.length < 16) return undefined;
  const size = bytes.readUInt32BE(0);
  if (size < 16 || size + 8 > bytes.length || !hasMp4AudioBrand(bytes, size)) return undefined;
  const nextSize = bytes.readUInt32BE(size);
  // 0: to the end of the file; 1: a 64-bit size follows (mdat often has one).
  if (nextSize > 1 && nextSize < 8) return undefined;
  return isFourCC(bytes, size + 4) ? { format: M4A } : undefined;
}

function hasMp4AudioBrand(bytes: Buffer, boxEnd: number): boolean {
  if (MP4_BRANDS.has(bytes.toString('latin1', 8, 12))) return true;
  // Compatible brands follow the major brand and its minor version.
  for (let at = 16; at + 4 <= boxEnd; at += 4) {
    if (MP4_BRANDS.has(bytes.toString('latin1', at, at + 4))) return true;
  }
  return false;
}

function isFourCC(bytes: Buffer, at: number): boolean {
  for (let i = at; i < at + 4; i++) {
    const c = bytes[i]!;
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

/** An EBML header whose DocType is webm or matroska, followed by the Segment. */
function matroska(bytes: Buffer): SniffedAudio | undefined {
  const header = ebmlElement(bytes, 0);
  if (!header) return undefined;
  const end = header.body + header.size;
  let docType: string | undefined;
  for (let at = header.body; at < end;) {
    const child = ebmlElement(bytes, at);
    if (!child || child.body + child.size > end) return undefined;
    if (child.id === EBML_DOC_TYPE) {
      docType = bytes.toString('latin1', child.body, child.body + child.size).replace(/\0+$/, '');
    }
    at = child.body + child.size;
  }
  const format = docType === 'webm' ? WEBM : docType === 'matroska' ? MATROSKA : undefined;
  if (!format || end + 4 > bytes.length || bytes.readUInt32BE(end) !== MATROSKA_SEGMENT) return undefined;
  return { format };
}

/** An EBML element of known size whose data lies within the bytes (nothing else to check it by). */
function ebmlElement(bytes: Buffer, at: number): { id: number; body: number; size: number } | undefined {
  const element = readElement(bytes, at);
  if (!element || element.size === undefined || element.data + element.size > bytes.length) return undefined;
  return { id: element.id, body: element.data, size: element.size };
}
