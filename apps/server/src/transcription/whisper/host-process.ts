import { type ChildProcess, fork } from 'node:child_process';
import { TranscriptionError } from '../errors.ts';
import { checkWhisperModel } from './model-check.ts';
import type { FromHost, ToHost, WhisperSegmentResult } from './protocol.ts';

/**
 * One host process (host.ts) with the model loaded, decoding one recording at a time. Started
 * on first use and again after it died; a death fails the recording it had, with what
 * whisper.cpp said on its way out.
 */
export class WhisperHost {
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
