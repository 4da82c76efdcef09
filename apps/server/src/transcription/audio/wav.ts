/**
 * The one WAV (RIFF) reader: the header of an upload (readWavHeader, from its first bytes),
 * the header of what ffmpeg writes to its pipe, and whole recordings (decodeWav).
 *
 * Uploads come from browsers, phones and desktop recorders, and many of them
 * write slightly broken files: sizes left at a placeholder because the writer
 * could not seek back, odd-sized chunks without the pad byte, recordings cut
 * off by a crash. The reader therefore trusts what is actually in the byte
 * array over what the header claims about sizes. The format description must hold
 * together, though: its sample rate, frame size and byte rate decide how much audio
 * the bytes stand for, and a header that lies about them (a 10 KB file "lasting"
 * hours at 1 Hz) is refused.
 */
import { AudioDecodeError } from './errors.ts';
import { checkSampleRate } from './sample-rate.ts';

export { AudioDecodeError, type AudioDecodeErrorCode } from './errors.ts';

export interface DecodedAudio {
  sampleRate: number;
  /** One array per channel, samples nominally in [-1, 1]. */
  channels: Float32Array[];
}

const FORMAT_PCM = 0x0001;
const FORMAT_IEEE_FLOAT = 0x0003;
const FORMAT_EXTENSIBLE = 0xfffe;

/** Encodings we recognise but do not decode, so the message can name them. */
const ENCODING_NAMES: Readonly<Record<number, string>> = {
  0x0002: 'Microsoft ADPCM',
  0x0006: 'A-law',
  0x0007: 'µ-law',
  0x0011: 'IMA ADPCM',
  0x0031: 'GSM 6.10',
  0x0050: 'MPEG',
  0x0055: 'MP3',
};

/**
 * Bytes 2..15 of every KSDATAFORMAT_SUBTYPE GUID; bytes 0..1 carry the plain
 * format tag. A different tail means a vendor-specific codec.
 */
const SUBTYPE_GUID_TAIL = [
  0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71,
];

/** What streaming writers put in size fields they never come back to fix. */
const PLACEHOLDER_SIZE = 0xffffffff;

type SampleKind = 'uint8' | 'int16' | 'int24' | 'int32' | 'float32' | 'float64';

interface WavFormat {
  channels: number;
  sampleRate: number;
  kind: SampleKind;
  bytesPerSample: number;
  bytesPerFrame: number;
}

interface DataChunk {
  offset: number;
  /** Bytes actually present in the file (after clamping). */
  size: number;
  /** What the header claimed, to tell an empty recording from a cut-off one. */
  declared: number;
  /** False when the writer left the size at 0 or a placeholder. */
  known: boolean;
}

/**
 * More channels than any recorder writes (multitrack field recorders stop at 32,
 * fourth-order ambisonics uses 25). Memory and work depend on the bytes, not on this,
 * but a header claiming thousands of channels is not a recording.
 */
const MAX_CHANNELS = 64;

const damagedHeader = (): AudioDecodeError =>
  new AudioDecodeError('not_wav', 'The WAV file’s header is damaged, so the recording cannot be read.');
const truncated = (): AudioDecodeError =>
  new AudioDecodeError('truncated', 'The recording is cut off and cannot be read.');
const emptyAudio = (): AudioDecodeError => new AudioDecodeError('empty_audio', 'The recording is empty.');

function fourCC(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(bytes[offset]!, bytes[offset + 1]!, bytes[offset + 2]!, bytes[offset + 3]!);
}

/** Chunk ids are four printable ASCII characters; audio bytes rarely are. */
function looksLikeChunkHeader(bytes: Uint8Array, offset: number): boolean {
  if (offset + 8 > bytes.length) return false;
  for (let i = offset; i < offset + 4; i++) {
    const c = bytes[i]!;
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

/** True when the bytes start like a RIFF-family container this module reads. */
export function isRiffWave(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  const magic = fourCC(bytes, 0);
  return magic === 'RIFF' || magic === 'RIFX' || magic === 'RF64' || magic === 'BW64';
}

/**
 * What a WAV header says, read from the first bytes of a file (or all of them): enough to
 * know the duration before the body has arrived, and where the samples start.
 */
export interface WavHeader {
  sampleRate: number;
  channels: number;
  /** Bytes per second of audio: sample rate × frame size, as the header also states. */
  byteRate: number;
  /** Where the samples start; undefined when the `data` chunk lies beyond the bytes read. */
  dataOffset: number | undefined;
  /**
   * The size the `data` chunk declares; undefined when it is unknown (recorders that
   * stream write 0 or 0xFFFFFFFF and never come back to fix it).
   */
  dataBytes: number | undefined;
}

/**
 * Reads the header from the first bytes of a WAV file. Undefined when they end before the
 * format description does (the file may go on); throws when what is there is not a
 * WAV header we accept: damaged, inconsistent, an unsupported encoding or sample rate.
 */
export function readWavHeader(bytes: Uint8Array): WavHeader | undefined {
  const { format, data } = walkChunks(bytes);
  if (!format) return undefined;
  return {
    sampleRate: format.sampleRate,
    channels: format.channels,
    byteRate: format.sampleRate * format.bytesPerFrame,
    dataOffset: data?.offset,
    dataBytes: data?.known ? data.declared : undefined,
  };
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

/** The fmt and data chunks a WAV must have, or the error that says which is missing. */
function formatAndData(bytes: Uint8Array) {
  const { format, data, cutShort, littleEndian } = walkChunks(bytes);
  if (!format) {
    if (cutShort) throw truncated();
    throw damagedHeader();
  }
  if (!data) {
    if (cutShort) throw truncated();
    throw emptyAudio();
  }
  return { format, data, littleEndian };
}

export function decodeWav(bytes: Uint8Array): DecodedAudio {
  const { format, data, littleEndian } = formatAndData(bytes);

  const frames = Math.floor(data.size / format.bytesPerFrame);
  if (frames === 0) {
    if (data.declared === 0 || data.declared === PLACEHOLDER_SIZE) throw emptyAudio();
    throw truncated();
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    sampleRate: format.sampleRate,
    channels: readSamples(view, data.offset, frames, format, littleEndian),
  };
}

/**
 * Where a WAV file's samples lie and how to read them, from its first bytes and its size,
 * so a long recording is read in pieces (decode-speech.ts) instead of whole: an hour of
 * 48 kHz stereo 16-bit is 690 MB on disk and 1.4 GB as floats. Throws as decodeWav does.
 */
export interface WavLayout {
  sampleRate: number;
  channels: number;
  /** Where the samples start in the file. */
  dataOffset: number;
  /** Whole frames present in the file. */
  frames: number;
  bytesPerFrame: number;
  /** Interleaved float samples of whole frames (a multiple of bytesPerFrame bytes). */
  toFloats(bytes: Uint8Array): Float32Array;
}

export function readWavLayout(head: Uint8Array, totalBytes: number): WavLayout {
  const { format, data, littleEndian } = formatAndData(head);
  const present = Math.max(0, totalBytes - data.offset);
  const size = data.known ? Math.min(data.declared, present) : present;
  const frames = Math.floor(size / format.bytesPerFrame);
  if (frames === 0) {
    if (data.declared === 0 || data.declared === PLACEHOLDER_SIZE) throw emptyAudio();
    throw truncated();
  }
  const { bytesPerSample, bytesPerFrame, kind } = format;
  return {
    sampleRate: format.sampleRate,
    channels: format.channels,
    dataOffset: data.offset,
    frames,
    bytesPerFrame,
    toFloats(bytes) {
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const read = sampleReader(view, kind, littleEndian);
      const count = Math.floor(bytes.length / bytesPerFrame) * format.channels;
      const out = new Float32Array(count);
      for (let i = 0, at = 0; i < count; i++, at += bytesPerSample) out[i] = read(at);
      return out;
    },
  };
}

interface ChunkWalk {
  format: WavFormat | undefined;
  data: DataChunk | undefined;
  /** A chunk promised more bytes than there are. */
  cutShort: boolean;
  littleEndian: boolean;
}

/** Finds the format description and the audio among the chunks, within the bytes given. */
function walkChunks(bytes: Uint8Array): ChunkWalk {
  if (!isRiffWave(bytes)) {
    throw new AudioDecodeError('not_wav', 'The file is not a WAV recording.');
  }
  const magic = fourCC(bytes, 0);
  const littleEndian = magic !== 'RIFX';
  if (bytes.length < 12) return { format: undefined, data: undefined, cutShort: true, littleEndian };
  if (fourCC(bytes, 8) !== 'WAVE') {
    // RIFF is also used by AVI, WebP and others.
    throw new AudioDecodeError('not_wav', 'The file is not a WAV recording.');
  }

  const is64 = magic === 'RF64' || magic === 'BW64';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

  // The RIFF size field is ignored on purpose: streaming writers leave it at 0
  // or a placeholder, and the chunks themselves are enough to walk the file.
  let format: WavFormat | undefined;
  let data: DataChunk | undefined;
  let ds64DataSize: number | undefined;
  let cutShort = false;
  let pos = 12;

  while (pos + 8 <= bytes.length) {
    const id = fourCC(bytes, pos);
    const size = view.getUint32(pos + 4, littleEndian);
    const body = pos + 8;
    const available = bytes.length - body;

    if (id === 'fmt ' && size <= available) {
      format = parseFormat(view, body, size, littleEndian);
    } else if (id === 'ds64' && size >= 16 && available >= 16) {
      // RF64 keeps the real 64-bit data size here and PLACEHOLDER_SIZE in the data chunk.
      ds64DataSize =
        view.getUint32(body + 8, littleEndian) + view.getUint32(body + 12, littleEndian) * 2 ** 32;
    } else if (id === 'data') {
      let declared = size;
      if (is64 && size === PLACEHOLDER_SIZE && ds64DataSize !== undefined) declared = ds64DataSize;
      let known = declared !== 0 && declared !== PLACEHOLDER_SIZE;
      // A size of 0 followed by bytes that are not another chunk is a recorder
      // that wrote the header first and never patched it.
      if (declared === 0 && available > 0 && !looksLikeChunkHeader(bytes, body)) {
        declared = available;
        known = false;
      }
      data = { offset: body, size: Math.min(declared, available), declared, known };
      // Chunks after the audio are metadata; only keep walking if the format
      // description has not been seen yet (some writers put it last).
      if (format || declared >= available) break;
      pos = nextChunk(bytes, body, declared);
      continue;
    }

    if (size > available) {
      cutShort = true;
      break;
    }
    pos = nextChunk(bytes, body, size);
  }
  return { format, data, cutShort, littleEndian };
}

/**
 * Chunks are padded to even sizes, but some writers forget the pad byte. Take
 * whichever position has a plausible chunk header, preferring the spec.
 */
function nextChunk(bytes: Uint8Array, body: number, size: number): number {
  const end = body + size;
  if (size % 2 === 0) return end;
  if (!looksLikeChunkHeader(bytes, end + 1) && looksLikeChunkHeader(bytes, end)) return end;
  return end + 1;
}

function parseFormat(view: DataView, offset: number, size: number, le: boolean): WavFormat {
  if (size < 16) throw damagedHeader();
  let tag = view.getUint16(offset, le);
  const channels = view.getUint16(offset + 2, le);
  const sampleRate = view.getUint32(offset + 4, le);
  const byteRate = view.getUint32(offset + 8, le);
  const blockAlign = view.getUint16(offset + 12, le);
  const bitsPerSample = view.getUint16(offset + 14, le);

  if (tag === FORMAT_EXTENSIBLE) {
    if (size < 40) throw damagedHeader();
    const guid = offset + 24;
    tag = view.getUint16(guid, le);
    for (let i = 0; i < SUBTYPE_GUID_TAIL.length; i++) {
      if (view.getUint8(guid + 2 + i) !== SUBTYPE_GUID_TAIL[i]) throw unsupported('a vendor-specific codec');
    }
  }
  if (channels === 0 || channels > MAX_CHANNELS || sampleRate === 0 || bitsPerSample === 0) {
    throw damagedHeader();
  }
  checkSampleRate(sampleRate);

  // The container can be wider than the significant bits (24-bit audio in
  // 32-bit slots); blockAlign is the reliable width when it is consistent.
  let bytesPerSample = Math.ceil(bitsPerSample / 8);
  if (blockAlign % channels === 0 && blockAlign / channels > bytesPerSample) {
    bytesPerSample = blockAlign / channels;
  }

  let kind: SampleKind | undefined;
  if (tag === FORMAT_PCM) {
    kind = ({ 1: 'uint8', 2: 'int16', 3: 'int24', 4: 'int32' } as const)[bytesPerSample];
  } else if (tag === FORMAT_IEEE_FLOAT) {
    kind = ({ 4: 'float32', 8: 'float64' } as const)[bytesPerSample];
  } else {
    throw unsupported(ENCODING_NAMES[tag] ?? `format 0x${tag.toString(16).padStart(4, '0')}`);
  }
  if (!kind) throw unsupported(`${bitsPerSample}-bit ${tag === FORMAT_PCM ? 'PCM' : 'floating point'}`);

  // The byte rate is what players divide the size by; one that disagrees with the rate and
  // frame size makes the duration anyone's guess.
  const bytesPerFrame = bytesPerSample * channels;
  if (blockAlign !== bytesPerFrame || byteRate !== sampleRate * bytesPerFrame) throw damagedHeader();

  return { channels, sampleRate, kind, bytesPerSample, bytesPerFrame };
}

function unsupported(encoding: string): AudioDecodeError {
  return new AudioDecodeError(
    'unsupported_encoding',
    `This WAV file uses ${encoding} encoding, which is not supported; export it as 16-bit PCM WAV.`,
  );
}

function readSamples(
  view: DataView,
  offset: number,
  frames: number,
  format: WavFormat,
  le: boolean,
): Float32Array[] {
  const { channels, bytesPerSample, bytesPerFrame, kind } = format;
  const read = sampleReader(view, kind, le);
  const out: Float32Array[] = [];
  for (let c = 0; c < channels; c++) {
    const channel = new Float32Array(frames);
    let at = offset + c * bytesPerSample;
    for (let i = 0; i < frames; i++, at += bytesPerFrame) channel[i] = read(at);
    out.push(channel);
  }
  return out;
}

function sampleReader(view: DataView, kind: SampleKind, le: boolean): (at: number) => number {
  switch (kind) {
    case 'uint8':
      return (at) => (view.getUint8(at) - 128) / 128;
    case 'int16':
      return (at) => view.getInt16(at, le) / 32768;
    case 'int24':
      return le
        ? (at) => ((view.getInt8(at + 2) << 16) | view.getUint16(at, true)) / 8388608
        : (at) => ((view.getInt8(at) << 16) | view.getUint16(at + 1, false)) / 8388608;
    case 'int32':
      return (at) => view.getInt32(at, le) / 2147483648;
    case 'float32':
      return (at) => finite(view.getFloat32(at, le));
    case 'float64':
      return (at) => finite(view.getFloat64(at, le));
  }
}

/** NaN or Infinity in a float file would poison every filter downstream. */
function finite(x: number): number {
  return Number.isFinite(x) ? x : 0;
}
