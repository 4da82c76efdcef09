/**
 * The audio of a shared range, cut once by ffmpeg into Ogg Opus and kept in a cache folder, so
 * a player's Range requests read a file of known size. The recording is read as the format its
 * bytes are (never its label) and ffmpeg opens only that file (ffmpegInputArgs). Two requests
 * for the same cut share one ffmpeg; a cut is written under a temporary name and renamed, so a
 * half-written one is never served. Revoking a link removes its cut.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import type { BlobStorage } from '../storage/blob-storage.ts';
import { SNIFF_BYTES, sniffAudio, sniffLength } from '../transcription/audio/audio-format.ts';
import { ffmpegInputArgs } from '../transcription/audio/ffmpeg-decode.ts';
import type { SharedSpan } from './public-share-presenter.ts';

export const CUT_CONTENT_TYPE = 'audio/ogg';
export const CUT_EXTENSION = 'ogg';
/** A cut of hours of audio takes seconds; one that takes longer than this is stuck. */
const FFMPEG_TIMEOUT_MS = 120_000;
const STDERR_LIMIT = 2048;

export class AudioCutError extends Error {
  override name = 'AudioCutError';
}

export class AudioCuts {
  readonly #pending = new Map<string, Promise<string>>();

  constructor(
    private readonly storage: BlobStorage,
    private readonly dir: string,
    private readonly ffmpegPath = 'ffmpeg',
  ) {}

  /** The file holding `span` of the recording at `storageKey`, cut for the share `shareId`. */
  async cut(shareId: string, storageKey: string, span: SharedSpan): Promise<string> {
    const file = this.#file(shareId);
    if (await exists(file)) return file;
    let pending = this.#pending.get(shareId);
    if (!pending) {
      pending = this.#make(file, storageKey, span).finally(() => this.#pending.delete(shareId));
      this.#pending.set(shareId, pending);
    }
    return pending;
  }

  async forget(shareId: string): Promise<void> {
    await fs.rm(this.#file(shareId), { force: true });
  }

  #file(shareId: string): string {
    // Ids are ours (ULIDs), but a name is never a path.
    return path.join(this.dir, `${shareId.replace(/[^\w-]/g, '')}.${CUT_EXTENSION}`);
  }

  async #make(file: string, storageKey: string, span: SharedSpan): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true });
    const work = path.join(this.dir, `.${randomBytes(8).toString('hex')}`);
    const input = `${work}.in`;
    const output = `${work}.${CUT_EXTENSION}`;
    try {
      await pipeline(await this.storage.get(storageKey), createWriteStream(input));
      const demuxer = await sniffDemuxer(input);
      await runFfmpeg(this.ffmpegPath, [
        ...['-nostdin', '-hide_banner', '-loglevel', 'error'],
        ...ffmpegInputArgs(input, demuxer),
        // After -i: decoded and cut at the sample, not at the nearest packet.
        ...['-ss', span.start.toFixed(3), '-t', (span.end - span.start).toFixed(3)],
        ...['-map', '0:a:0', '-vn', '-c:a', 'libopus', '-b:a', '64k', '-f', 'ogg', `file:${output}`],
      ]);
      await fs.rename(output, file);
      return file;
    } finally {
      await fs.rm(input, { force: true });
      await fs.rm(output, { force: true });
    }
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

async function sniffDemuxer(file: string): Promise<string> {
  const handle = await fs.open(file, 'r');
  try {
    const read = async (length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    };
    const first = await read(SNIFF_BYTES);
    // ID3 tags ahead of the audio move what is sniffed further in.
    const wanted = sniffLength(first);
    const sniffed = sniffAudio(wanted > first.length ? await read(wanted) : first);
    if (!sniffed) throw new AudioCutError('the stored recording is in no format we read');
    return sniffed.format.demuxer;
  } finally {
    await handle.close();
  }
}

function runFfmpeg(ffmpegPath: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < STDERR_LIMIT) stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), FFMPEG_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new AudioCutError(`ffmpeg could not be started: ${error.message}`));
    });
    // 'close' comes after the child has exited and been reaped.
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new AudioCutError(`ffmpeg failed (${signal ?? code}): ${stderr.slice(0, STDERR_LIMIT)}`));
    });
  });
}
