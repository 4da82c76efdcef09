/**
 * Offline speech recognition with whisper.cpp (through the `smart-whisper` binding, which
 * compiles its bundled whisper.cpp at install) and a ggml model file (WHISPER_MODEL_PATH;
 * `npm run download-model -w @voxpad/server -- base.en` fetches one).
 *
 *   const transcriber = createWhisperTranscriber({ modelPath: 'models/ggml-base.en.bin' });
 *   const transcript = await transcriber.transcribe({ samples, sampleRate: 16000 });
 *   await transcriber.close();
 *
 * Design: each of `workers` host processes (host.ts, started on first use) loads the model
 * once and decodes one recording at a time on whisper.cpp's own threads, so the event loop
 * never waits on inference. A process, not a worker thread: smart-whisper dereferences a
 * null context when whisper.cpp rejects a model file, which would kill the whole server; a
 * host that dies is reported as a TranscriptionError and started again for the next job.
 * The file's header is checked first, so the common mistakes get a precise message.
 *
 * Timings: whisper pads audio to 30 s windows and may place the last timestamp past the
 * end of the recording; every time is clamped to the audio's duration.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { TranscriptionError } from '../errors.ts';
import type {
  TranscribeInput,
  Transcriber,
  Transcript,
  TranscriptSegment,
  TranscriptWord,
} from '../transcriber.ts';
import type { FromHost, ToHost, WhisperSegmentResult } from './protocol.ts';

export interface WhisperOptions {
  /** A whisper.cpp ggml model file, e.g. ggml-base.en.bin. */
  modelPath: string;
  /** Host processes, each with its own copy of the model. Default 1. */
  workers?: number;
  /** whisper.cpp threads per recording. Default 2. */
  threads?: number;
  /** Host module to start; defaults to host.ts (sources) or whisper-host.js (bundle). */
  hostUrl?: URL;
}

const SAMPLE_RATE = 16000;
const GGML_MAGIC = 0x67676d6c;

interface Job {
  input: TranscribeInput;
  resolve: (t: Transcript) => void;
  reject: (e: unknown) => void;
}

/** Checks what can be checked cheaply: the file exists and looks like a whisper ggml model. */
export async function checkWhisperModel(modelPath: string): Promise<void> {
  let header: Buffer;
  try {
    const file = await open(modelPath, 'r');
    try {
      header = Buffer.alloc(48);
      const { bytesRead } = await file.read(header, 0, 48, 0);
      header = header.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  } catch (error) {
    throw new TranscriptionError(
      'model_missing',
      `The whisper model ${modelPath} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}). ` +
        'Set WHISPER_MODEL_PATH to a ggml model, e.g. one fetched with `npm run download-model -w @voxpad/server -- base.en`.',
      { cause: error },
    );
  }
  if (header.length < 48 || header.readUInt32LE(0) !== GGML_MAGIC) {
    throw new TranscriptionError(
      'model_missing',
      `${modelPath} is not a whisper.cpp ggml model (it does not start with the ggml magic number). ` +
        'GGUF and PyTorch checkpoints are not supported; download a ggml-*.bin model.',
    );
  }
  const hparams = Array.from({ length: 11 }, (_, i) => header.readInt32LE(4 + 4 * i));
  if (hparams.slice(0, 10).some((v) => v <= 0 || v > 1_000_000)) {
    throw new TranscriptionError(
      'model_missing',
      `${modelPath} has a damaged header; download the model again.`,
    );
  }
}

class Host {
  private child: ChildProcess | undefined;
  private ready: Promise<void> | undefined;
  private nextId = 1;
  private stderrTail = '';
  private current:
    | {
        id: number;
        resolve: (s: WhisperSegmentResult[]) => void;
        reject: (e: unknown) => void;
        onSegment: () => void;
      }
    | undefined;
  private loadWaiter: { resolve: () => void; reject: (e: unknown) => void } | undefined;

  constructor(
    private readonly modelPath: string,
    private readonly hostUrl: URL,
  ) {}

  start(): Promise<void> {
    this.ready ??= this.spawn().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  private async spawn(): Promise<void> {
    await checkWhisperModel(this.modelPath);
    const fromSource = this.hostUrl.pathname.endsWith('.ts');
    const child = fork(this.hostUrl, [], {
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      execArgv: fromSource ? ['--import', 'tsx'] : [],
    });
    this.child = child;
    this.stderrTail = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-4000);
    });
    child.on('message', (message: FromHost) => this.onMessage(message));
    child.on('exit', (code, signal) => this.onExit(code, signal));
    const loaded = new Promise<void>((resolve, reject) => {
      this.loadWaiter = { resolve, reject };
    });
    this.send({ type: 'load', modelPath: this.modelPath });
    await loaded;
  }

  private send(message: ToHost): void {
    this.child?.send(message);
  }

  private onMessage(message: FromHost): void {
    switch (message.type) {
      case 'loaded':
        this.loadWaiter?.resolve();
        this.loadWaiter = undefined;
        return;
      case 'load-failed':
        this.loadWaiter?.reject(
          new TranscriptionError(
            'model_missing',
            `whisper.cpp could not load ${this.modelPath}: ${message.message}`,
          ),
        );
        this.loadWaiter = undefined;
        this.kill();
        return;
      case 'segment':
        if (this.current?.id === message.id) this.current.onSegment();
        return;
      case 'done':
        if (this.current?.id === message.id) {
          const { resolve } = this.current;
          this.current = undefined;
          resolve(message.segments);
        }
        return;
      case 'failed':
        if (this.current?.id === message.id) {
          const { reject } = this.current;
          this.current = undefined;
          reject(new TranscriptionError('decode_failed', `whisper.cpp failed: ${message.message}`));
        }
    }
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    const how = signal ? `signal ${signal}` : `exit code ${String(code)}`;
    const detail = lastLogLines(this.stderrTail);
    this.child = undefined;
    this.ready = undefined;
    if (this.loadWaiter) {
      this.loadWaiter.reject(
        new TranscriptionError(
          'model_missing',
          `whisper.cpp could not load ${this.modelPath} (the model host stopped with ${how}); ` +
            `the file is probably truncated or corrupt, download it again.${detail}`,
        ),
      );
      this.loadWaiter = undefined;
    }
    if (this.current) {
      this.current.reject(
        new TranscriptionError('worker_failed', `The whisper host stopped with ${how}.${detail}`),
      );
      this.current = undefined;
    }
  }

  async run(samples: Float32Array, language: string, threads: number, onSegment: () => void) {
    await this.start();
    const id = this.nextId++;
    return new Promise<WhisperSegmentResult[]>((resolve, reject) => {
      this.current = { id, resolve, reject, onSegment };
      this.send({ type: 'transcribe', id, samples, language, threads });
    });
  }

  kill(): void {
    this.child?.kill('SIGKILL');
  }

  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.disconnect();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
}

function lastLogLines(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /error|failed|invalid|assert/i.test(l))
    .slice(-3);
  return lines.length > 0 ? ` whisper.cpp said: ${lines.join(' | ')}` : '';
}

export function resolveHostUrl(hostUrl?: URL): URL {
  if (hostUrl) return hostUrl;
  const fromSource = new URL(import.meta.url).pathname.endsWith('.ts');
  return new URL(fromSource ? './host.ts' : './whisper-host.js', import.meta.url);
}

export function createWhisperTranscriber(options: WhisperOptions): Transcriber {
  const { modelPath, workers = 1, threads = 2 } = options;
  if (!Number.isInteger(workers) || workers < 1) {
    throw new RangeError(`workers must be a positive integer, got ${workers}.`);
  }
  const hostUrl = resolveHostUrl(options.hostUrl);
  const idle: Host[] = Array.from({ length: workers }, () => new Host(modelPath, hostUrl));
  const all = [...idle];
  const queue: Job[] = [];
  let closed = false;

  const pump = () => {
    while (idle.length > 0 && queue.length > 0) {
      const host = idle.pop()!;
      const job = queue.shift()!;
      void runJob(host, job).finally(() => {
        idle.push(host);
        pump();
      });
    }
  };

  const runJob = async (host: Host, job: Job) => {
    const { samples, language, signal, onProgress } = job.input;
    if (signal?.aborted) return job.reject(signal.reason);
    const durationSeconds = samples.length / SAMPLE_RATE;
    const onAbort = () => {
      job.reject(signal?.reason);
      host.kill();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      let seen = 0;
      const segments = await host.run(samples, language ?? 'auto', threads, () => {
        seen++;
        onProgress?.(Math.min(0.99, (seen * 30) / Math.max(30, durationSeconds)));
      });
      onProgress?.(1);
      job.resolve(toTranscript(segments, durationSeconds, language));
    } catch (error) {
      job.reject(error);
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  };

  return {
    name: 'whisper',
    model: path.basename(options.modelPath),

    transcribe(input: TranscribeInput): Promise<Transcript> {
      if (closed) return Promise.reject(new TranscriptionError('closed', 'The whisper engine is closed.'));
      if (input.sampleRate !== SAMPLE_RATE) {
        return Promise.reject(
          new TranscriptionError(
            'invalid_input',
            `whisper needs 16 kHz audio, got ${String(input.sampleRate)} Hz.`,
          ),
        );
      }
      try {
        input.signal?.throwIfAborted();
      } catch (error) {
        return Promise.reject(error);
      }
      if (input.samples.length === 0) {
        return Promise.resolve({
          text: '',
          language: input.language ?? 'en',
          durationSeconds: 0,
          segments: [],
        });
      }
      return new Promise<Transcript>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        pump();
      });
    },

    async close() {
      closed = true;
      for (const job of queue.splice(0))
        job.reject(new TranscriptionError('closed', 'The whisper engine closed.'));
      await Promise.all(all.map((h) => h.close()));
    },
  };
}

const SPECIAL = /^\[_[A-Z]+_?|^\[_TT_\d+\]$|^<\|.*\|>$/;

/** Whisper segments and tokens (ms) to our transcript; tokens glue into words at spaces. */
export function toTranscript(
  results: WhisperSegmentResult[],
  durationSeconds: number,
  requestedLanguage?: string,
): Transcript {
  const clamp = (ms: number) => Math.min(durationSeconds, Math.max(0, ms / 1000));
  const segments: TranscriptSegment[] = [];
  for (const result of results) {
    const words: TranscriptWord[] = [];
    let current: { text: string; start: number; end: number; p: number[] } | undefined;
    const flush = () => {
      const word = current?.text.trim();
      if (current && word) {
        const confidence = current.p.reduce((a, b) => a + b, 0) / current.p.length;
        words.push({ word, start: current.start, end: Math.max(current.start, current.end), confidence });
      }
      current = undefined;
    };
    for (const token of result.tokens) {
      if (SPECIAL.test(token.text)) continue;
      const start = clamp(token.from);
      const end = clamp(token.to);
      if (!current || /^\s/.test(token.text)) {
        flush();
        current = { text: token.text, start, end, p: [token.p] };
      } else {
        current.text += token.text;
        current.end = end;
        current.p.push(token.p);
      }
    }
    flush();
    const text = result.text.trim();
    if (!text && words.length === 0) continue;
    const start = clamp(result.from);
    segments.push({ start, end: Math.max(start, clamp(result.to)), text, words });
  }
  const detected = results.find((r) => r.lang)?.lang;
  return {
    text: segments.map((s) => s.text).join(' '),
    language: requestedLanguage && requestedLanguage !== 'auto' ? requestedLanguage : (detected ?? 'en'),
    durationSeconds,
    segments,
  };
}
