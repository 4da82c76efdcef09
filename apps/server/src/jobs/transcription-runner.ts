import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { VoiceNoteRow } from '../db/schema.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import type { Transcriber, Transcript } from '../transcription/transcriber.ts';
import type { TranscriptionQueue } from './transcription-queue.ts';

/** Audio the engine can take, or a reason a person can read. */
export type PrepareAudio = (bytes: Uint8Array) => { samples: Float32Array; durationSeconds: number };

/** A failure that retrying cannot fix (corrupt or unsupported audio). */
export function isPermanent(error: unknown): error is Error & { code: string } {
  return error instanceof Error && error.name === 'AudioDecodeError';
}

export interface RunnerOptions {
  queue: TranscriptionQueue;
  storage: BlobStorage;
  transcriber: Transcriber;
  prepare: PrepareAudio;
  log: FastifyBaseLogger;
  concurrency: number;
  leaseMs?: number;
  pollMs?: number;
  maxAttempts?: number;
}

/**
 * Runs `concurrency` loops that claim notes, transcribe them and store the result. Upload
 * handlers call wake() so new notes start at once; polling covers notes queued by other
 * processes and leases that expired.
 */
export class TranscriptionRunner {
  readonly workerId = `worker-${randomUUID()}`;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private stopping = false;
  private loops: Promise<void>[] = [];
  private wakers = new Set<() => void>();

  constructor(private readonly options: RunnerOptions) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 1_000;
    this.maxAttempts = options.maxAttempts ?? 3;
  }

  start(): void {
    for (let i = 0; i < this.options.concurrency; i++) this.loops.push(this.loop());
  }

  wake(): void {
    for (const wake of this.wakers) wake();
  }

  /** Finishes the jobs in hand, then stops; unfinished leases simply expire elsewhere. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await Promise.all(this.loops);
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let note: VoiceNoteRow | undefined;
      try {
        note = await this.options.queue.claimNext(this.workerId, this.leaseMs);
      } catch (err) {
        this.options.log.error({ err }, 'could not claim a transcription job');
      }
      if (note) await this.process(note);
      else await this.sleep();
    }
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.pollMs);
      this.wakers.add(done);
    });
  }

  private async process(note: VoiceNoteRow): Promise<void> {
    const { queue, log } = this.options;
    const jobLog = log.child({ voiceNoteId: note.id, attempt: note.attempts });
    if (note.attempts > this.maxAttempts) {
      await queue.fail(
        note.id,
        this.workerId,
        'Transcription kept failing. Try uploading the recording again.',
      );
      return;
    }
    const heartbeat = setInterval(
      () => {
        queue
          .renew(note.id, this.workerId, this.leaseMs)
          .catch((err: unknown) => jobLog.warn({ err }, 'lease renewal failed'));
      },
      Math.max(100, Math.floor(this.leaseMs / 3)),
    );
    let durationSeconds: number | undefined;
    try {
      const started = Date.now();
      const bytes = await this.options.storage.read(note.storage_key);
      const audio = this.options.prepare(bytes);
      durationSeconds = audio.durationSeconds;
      const transcript = await this.options.transcriber.transcribe({
        samples: audio.samples,
        sampleRate: 16000,
      });
      const stored = await queue.complete(
        note.id,
        this.workerId,
        toStored(transcript, audio.durationSeconds),
      );
      jobLog.info({ ms: Date.now() - started, durationSeconds, stored }, 'transcribed');
    } catch (error) {
      if (isPermanent(error)) {
        jobLog.info({ code: error.code }, 'audio rejected');
        await queue.fail(note.id, this.workerId, error.message, durationSeconds);
      } else if (note.attempts >= this.maxAttempts) {
        jobLog.error({ err: error }, 'transcription failed for good');
        await queue.fail(note.id, this.workerId, 'Transcription failed. Try again later.', durationSeconds);
      } else {
        const delay = 2_000 * 2 ** (note.attempts - 1);
        jobLog.warn({ err: error, retryInMs: delay }, 'transcription failed, will retry');
        await queue.retryLater(note.id, this.workerId, Date.now() + delay);
      }
    } finally {
      clearInterval(heartbeat);
    }
  }
}

function toStored(transcript: Transcript, durationSeconds: number) {
  const wordCount = transcript.segments.reduce((n, s) => n + s.words.length, 0);
  return {
    transcript: transcript.text,
    segments: JSON.stringify(transcript.segments),
    wordCount,
    durationSeconds,
  };
}
