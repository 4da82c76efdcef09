/**
 * opusdec (Debian's opus-tools, on libopus and libopusfile) as the decoder of Opus in Ogg
 * (ADR 0067). ffmpeg decodes it too, but ffmpeg's libraries alone keep about 50 MiB resident
 * for as long as a recording decodes (an hour for four hours of audio); opusdec keeps about
 * 5 MiB. Its output goes through decoder-pipe.ts like ffmpeg's: 32-bit float WAV at 48 kHz
 * (Opus's own rate, so opusdec does not resample) and the stream's channels.
 *
 * opusdec reads the recording from its standard input, never a name: it would open a URL.
 * Where opusdec is not installed, decode-speech.ts falls back to ffmpeg.
 */
import type { FileHandle } from 'node:fs/promises';

import type { DecoderProcess } from './decoder-pipe.ts';
import { AudioDecodeError, damagedRecording } from './errors.ts';

/** opusdec could not be started: ffmpeg decodes the recording instead. */
export class OpusdecMissing extends Error {
  override readonly name = 'OpusdecMissing';
}

export function opusdecDecoder(file: string, options: { opusdecPath?: string | undefined }): DecoderProcess {
  return {
    command: options.opusdecPath ?? 'opusdec',
    args: ['--quiet', '--float', '--rate', '48000', '--force-wav', '-', '-'],
    stdin: file,
    // It warns that a pipe's WAV sizes cannot be written; its failures show in its exit code.
    onStderr: () => {},
    notStarted: (error) => new OpusdecMissing(error.message),
    failure: (code, stream) =>
      code === 0 && stream
        ? new AudioDecodeError('empty_audio', 'The recording is empty.')
        : damagedRecording(),
  };
}

/** Ogg pages' granule positions count 48 kHz samples in Opus (RFC 7845). */
const OPUS_RATE = 48000;
/** The last page of a stream is at most 65,307 bytes long. */
const TAIL_BYTES = 65_307 + 27;

/**
 * The length an Ogg Opus file states: its last page's granule position less the pre-skip the
 * first page's OpusHead gives, or undefined when it cannot be read. An estimate for progress
 * only (decode-speech.ts), so a page that is not the stream's (another serial number) or a
 * damaged tail simply gives none.
 */
export async function oggOpusDuration(
  handle: FileHandle,
  size: number,
  head: Uint8Array,
): Promise<number | undefined> {
  const first = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (first.length < 28) return undefined;
  const serial = first.readUInt32LE(14);
  const payload = 27 + first[26]!;
  if (first.length < payload + 12) return undefined;
  const preSkip = first.readUInt16LE(payload + 10);
  const start = Math.max(0, size - TAIL_BYTES);
  const tail = Buffer.alloc(size - start);
  await handle.read(tail, 0, tail.length, start);
  for (let at = tail.lastIndexOf('OggS'); at >= 0; at = at > 0 ? tail.lastIndexOf('OggS', at - 1) : -1) {
    if (at + 27 > tail.length || tail[at + 4] !== 0 || tail.readUInt32LE(at + 14) !== serial) continue;
    const granule = tail.readBigInt64LE(at + 6);
    // -1: no packet ends on this page.
    if (granule < 0n) continue;
    const seconds = (Number(granule) - preSkip) / OPUS_RATE;
    return seconds > 0 ? seconds : undefined;
  }
  return undefined;
}
