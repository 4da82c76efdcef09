/**
 * Opus in WebM or Ogg, arriving in pieces, → 16 kHz mono s16le PCM as it arrives: one ffmpeg
 * child per stream, reading the container on stdin and writing PCM to stdout.
 *
 * ffmpeg reads only its stdin (`-protocol_whitelist pipe`), as the container it was told
 * (`-f`), never a format it guessed from the bytes (decode-speech.ts says why). The child is
 * always reaped: end() and kill() settle on 'close', which Node emits once it has exited.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { LIVE_SAMPLE_RATE } from './live-protocol.ts';

/** ffmpeg's demuxers for the containers a browser's MediaRecorder writes Opus in. */
export type OpusContainer = 'matroska' | 'ogg';

export interface OpusTranscoderEvents {
  /** Decoded samples, in order. */
  pcm: (samples: Int16Array) => void;
  /** True: ffmpeg's stdin is full, stop writing until false. */
  backlog: (full: boolean) => void;
  /** ffmpeg stopped before end(): it cannot read the stream (or could not start). */
  failed: (error: OpusTranscoderError) => void;
}

export class OpusTranscoderError extends Error {
  constructor(
    /** `undecodable`: the bytes are not Opus in this container; `unavailable`: ffmpeg is missing. */
    readonly reason: 'undecodable' | 'unavailable',
    message: string,
    /** What ffmpeg said, for the logs. */
    readonly detail: string,
  ) {
    super(message);
  }
}

/** What ffmpeg said on stderr is kept for logs, at most this many characters. */
const STDERR_LIMIT = 4096;
/** After end(), ffmpeg has this long to decode what it holds before it is killed. */
const END_GRACE_MS = 10_000;

const UNDECODABLE =
  'The audio could not be decoded as Opus in WebM or Ogg. Send what a MediaRecorder records ' +
  'with "audio/webm;codecs=opus" or "audio/ogg;codecs=opus", starting with its first chunk.';

export class OpusTranscoder {
  readonly #child: ChildProcessByStdio<Writable, Readable, Readable>;
  readonly #events: OpusTranscoderEvents;
  readonly #closed: Promise<void>;
  /** An odd trailing byte of the output, kept for the next read. */
  #carry: Buffer | undefined;
  #samples = 0;
  #stderr = '';
  /** end() was called: ffmpeg exits once it has decoded what it holds. */
  #ending = false;
  /** kill() was called: nothing more is wanted from it. */
  #killed = false;
  /** ffmpeg stopped by itself before end(), and `failed` said so. */
  #failed = false;
  #spawnError: Error | undefined;
  #exitCode: number | null = null;

  constructor(container: OpusContainer, events: OpusTranscoderEvents, ffmpegPath = 'ffmpeg') {
    this.#events = events;
    const args = [
      '-hide_banner',
      ...['-loglevel', 'error'],
      // stdin is the input, so no -nostdin; nothing but the pipe may be opened.
      ...['-protocol_whitelist', 'pipe'],
      ...['-f', container, '-i', 'pipe:0'],
      // The first audio stream only; a stream without one fails here.
      ...['-map', '0:a:0', '-vn', '-sn', '-dn'],
      ...['-ac', '1', '-ar', String(LIVE_SAMPLE_RATE), '-c:a', 'pcm_s16le', '-f', 's16le', 'pipe:1'],
    ];
    this.#child = spawn(ffmpegPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.#child.stdout.on('data', (chunk: Buffer) => this.#output(chunk));
    this.#child.stderr.on('data', (chunk: Buffer) => {
      if (this.#stderr.length < STDERR_LIMIT) this.#stderr += chunk.toString('utf8');
    });
    // Writing to an ffmpeg that already gave up fails with EPIPE; its exit says why.
    this.#child.stdin.on('error', () => undefined);
    this.#child.stdin.on('drain', () => this.#events.backlog(false));
    this.#closed = new Promise((resolve) => {
      this.#child.on('error', (error) => {
        this.#spawnError = error;
        resolve();
      });
      this.#child.on('close', (code) => {
        this.#exitCode = code;
        resolve();
      });
    });
    void this.#closed.then(() => {
      if (this.#ending || this.#killed) return;
      this.#failed = true;
      this.#events.failed(this.#failure());
    });
  }

  /** Resolves once ffmpeg has exited and been reaped (or could not start). */
  get exited(): Promise<void> {
    return this.#closed;
  }

  /** Hands ffmpeg the next bytes of the container. */
  write(bytes: Buffer): void {
    const { stdin } = this.#child;
    if (this.#ending || this.#killed || this.#failed || stdin.destroyed) return;
    if (!stdin.write(bytes)) this.#events.backlog(true);
  }

  /**
   * No more bytes come. Resolves once ffmpeg has emitted every sample and exited. A stream
   * cut mid-way (a truncated last cluster or page) still yields what came before the cut;
   * it rejects only when nothing at all could be decoded and ffmpeg failed.
   */
  async end(): Promise<void> {
    if (this.#killed || this.#failed) return this.#closed;
    if (!this.#ending) {
      this.#ending = true;
      this.#child.stdin.end();
    }
    const timer = setTimeout(() => this.#child.kill('SIGKILL'), END_GRACE_MS);
    try {
      await this.#closed;
    } finally {
      clearTimeout(timer);
    }
    if (this.#killed || this.#failed) return;
    if (this.#spawnError || (this.#exitCode !== 0 && this.#samples === 0)) throw this.#failure();
  }

  /** Stops at once; resolves when ffmpeg has exited and been reaped. */
  async kill(): Promise<void> {
    if (!this.#killed) {
      this.#killed = true;
      this.#child.stdin.destroy();
      this.#child.kill('SIGKILL');
    }
    await this.#closed;
  }

  #output(chunk: Buffer): void {
    if (this.#killed || this.#failed) return;
    let bytes = this.#carry ? Buffer.concat([this.#carry, chunk]) : chunk;
    this.#carry = undefined;
    if (bytes.length % 2 === 1) {
      this.#carry = bytes.subarray(bytes.length - 1);
      bytes = bytes.subarray(0, bytes.length - 1);
    }
    if (bytes.length === 0) return;
    // Copied into its own buffer: Int16Array needs an aligned offset, and the pipe reuses its.
    const samples = new Int16Array(bytes.length / 2);
    new Uint8Array(samples.buffer).set(bytes);
    this.#samples += samples.length;
    this.#events.pcm(samples);
  }

  #failure(): OpusTranscoderError {
    const detail = this.#stderr.trim();
    if (this.#spawnError) {
      return new OpusTranscoderError(
        'unavailable',
        'The server cannot decode Opus right now (its ffmpeg could not be started). Send 16 kHz PCM instead.',
        `${this.#spawnError.message} ${detail}`.trim(),
      );
    }
    return new OpusTranscoderError('undecodable', UNDECODABLE, detail);
  }
}
