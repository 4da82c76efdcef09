/**
 * A decoder process (ffmpeg, opusdec) that writes 32-bit float WAV to its stdout, read into a
 * SpeechStream as it comes, so a four-hour recording is never held whole. Back-pressure from a
 * transcriber that is behind pauses the pipe; audio beyond what the file can plausibly hold
 * stops the decode; an abort kills the process. The promise settles only once the process has
 * exited and been reaped, so no decoder outlives a decode that failed or was stopped.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';

import { AudioDecodeError } from './errors.ts';
import type { SpeechStream, SpeechStreamOptions } from './speech-stream.ts';
import { readWavHeader } from './wav.ts';

export type MakeStream = (settings: SpeechStreamOptions) => SpeechStream;

export interface DecoderProcess {
  command: string;
  args: readonly string[];
  /** A file piped to the process's standard input; without one its input is empty. */
  stdin?: string;
  /** Each piece of what the process writes to stderr. */
  onStderr(chunk: Buffer): void;
  /** What to report when the process could not be started (not installed). */
  notStarted(error: Error): Error;
  /**
   * After the process closed with nothing decoded (`stream` undefined: not even a header) or
   * with no frames: the error to report. A process that decoded frames keeps them (a recording
   * cut off mid-way still yields what was recorded) unless `failsDecoded` says otherwise.
   */
  failure(code: number | null, stream: SpeechStream | undefined): Error;
  /** A failure that discards frames already decoded (ffmpeg's "no audio stream"). */
  failsDecoded?(): Error | undefined;
}

export interface PipeOptions {
  maxDurationSeconds: number;
  /** Decoded audio beyond this is out of proportion to the file (decode-speech.ts). */
  plausibleSeconds: number;
  signal?: AbortSignal | undefined;
}

export function readDecoderPipe(
  decoder: DecoderProcess,
  options: PipeOptions,
  makeStream: MakeStream,
  throttle: (() => Promise<void> | undefined) | undefined,
): Promise<SpeechStream> {
  const { signal } = options;
  signal?.throwIfAborted();
  return new Promise<SpeechStream>((resolve, reject) => {
    const child = spawn(decoder.command, decoder.args, { stdio: ['pipe', 'pipe', 'pipe'] });
    // A decoder that stops reading (it failed, or was killed) closes the pipe: not an error here.
    child.stdin.on('error', () => {});
    const input = decoder.stdin === undefined ? undefined : fs.createReadStream(decoder.stdin);
    if (input) {
      input.on('error', (error) => stop(error));
      input.pipe(child.stdin);
    } else {
      child.stdin.end();
    }
    const header = new WavStreamHeader();
    let stream: SpeechStream | undefined;
    let carry = new Uint8Array(0);
    let failure: unknown;
    let failed = false;

    /**
     * Ends the process early. The promise still settles only on 'close', which Node emits after
     * the child has exited and been reaped. Output paused for back-pressure is dropped, or the
     * pipe would never report its end.
     */
    const stop = (reason: unknown): void => {
      if (failed) return;
      failed = true;
      failure = reason;
      input?.destroy();
      child.kill('SIGKILL');
      child.stdout.destroy();
    };
    const onAbort = (): void => stop(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });

    const onData = (chunk: Buffer): void => {
      if (failed) return;
      try {
        let data: Uint8Array = chunk;
        if (!stream) {
          const parsed = header.push(chunk);
          if (!parsed) return;
          stream = makeStream({ ...parsed.format, maxDurationSeconds: options.maxDurationSeconds });
          data = parsed.rest;
        }
        if (carry.length > 0) {
          const joined = new Uint8Array(carry.length + data.length);
          joined.set(carry);
          joined.set(data, carry.length);
          data = joined;
        }
        const frameBytes = 4 * header.channels;
        const usable = data.length - (data.length % frameBytes);
        // Copy into an aligned buffer: Float32Array views need 4-byte alignment.
        const floats = new Float32Array(usable / 4);
        new Uint8Array(floats.buffer).set(data.subarray(0, usable));
        carry = data.slice(usable);
        stream.write(floats);
        if (stream.durationSeconds > options.plausibleSeconds) throw implausible(stream.durationSeconds);
        const wait = throttle?.();
        if (wait) {
          child.stdout.pause();
          const resume = (): void => {
            if (!failed) child.stdout.resume();
          };
          wait.then(resume, resume);
        }
      } catch (error) {
        stop(error instanceof Error ? error : new Error(String(error)));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => decoder.onStderr(chunk));
    child.on('error', (error) => {
      if (!failed) {
        failed = true;
        failure = decoder.notStarted(error);
        input?.destroy();
      }
    });
    const settle = (code: number | null): void => {
      if (failed) return reject(failure);
      const discarded = decoder.failsDecoded?.();
      if (discarded) return reject(discarded);
      if (stream && stream.frames > 0) return resolve(stream);
      reject(decoder.failure(code, stream));
    };
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      // A decoder that ended before reading all of its input leaves the file open otherwise.
      // The file's descriptor is closed asynchronously after destroy(): settling only once it
      // is, a caller that deletes or moves the file next finds it closed.
      if (!input || input.closed) return settle(code);
      input.once('close', () => settle(code));
      input.destroy();
    });
  });
}

/**
 * Decoding stops as soon as the audio outgrows the file's plausible length, so the note fails
 * at once with a reason instead of holding a worker for hours.
 */
function implausible(seconds: number): AudioDecodeError {
  return new AudioDecodeError(
    'implausible_duration',
    `The recording claims to last over ${Math.floor(seconds)} seconds, far longer than a file of its size ` +
      'can hold, so it is damaged. Export or record it again.',
  );
}

/**
 * Reads the header of the WAV a decoder writes to a pipe (with wav.ts, which reads uploads'
 * headers too, so the same rules hold for the rate and channels of every format): its data
 * chunk's size is a placeholder because a pipe cannot be rewritten.
 */
class WavStreamHeader {
  #buffer = new Uint8Array(0);
  channels = 1;

  push(
    chunk: Uint8Array,
  ): { format: { sampleRate: number; channels: number }; rest: Uint8Array } | undefined {
    const joined = new Uint8Array(this.#buffer.length + chunk.length);
    joined.set(this.#buffer);
    joined.set(chunk, this.#buffer.length);
    this.#buffer = joined;
    if (joined.length < 12) return undefined;
    const header = readWavHeader(joined);
    if (header?.dataOffset !== undefined) {
      this.channels = header.channels;
      const format = { sampleRate: header.sampleRate, channels: header.channels };
      return { format, rest: joined.subarray(header.dataOffset) };
    }
    if (joined.length > 1 << 20) {
      throw new AudioDecodeError('corrupt', 'The recording is damaged and cannot be read.');
    }
    return undefined;
  }
}
