import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { VoiceNoteJobRow } from '../db/schema.ts';
import type { NoteEvents } from '../lib/note-events.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import { withBlobFile } from '../storage/blob-file.ts';
import type { AudioSource, DecodeAudio } from '../transcription/audio/audio-decoder.ts';
import {
  type TranscribedRecording,
  transcribeRecording,
} from '../transcription/audio/transcribe-recording.ts';
import type { PersonalModelLookup } from '../transcription/personal-model.ts';
import { TranscriptionError } from '../transcription/errors.ts';
import type { Transcriber } from '../transcription/transcriber.ts';
import { engineModelOf } from '../transcripts/transcript-versions.ts';
import { JobLoop } from '../lib/leased-jobs/job-loop.ts';
import { releaseFreedNativeMemory } from '../lib/native-memory.ts';
import { recogniseOwner } from '../transcripts/owner-voice/recognise-owner.ts';
import type { VoiceProfileLookup } from '../transcripts/owner-voice/voice-profile-store.ts';
import type { JobEvents } from './job-events.ts';
import type { TranscriptionQueue } from './transcription-queue.ts';

/** Engine failures retrying cannot fix, with what the person who uploaded the note is told. */
const PERMANENT_ENGINE_FAILURES: Partial<Record<TranscriptionError['code'], string>> = {
  model_missing:
    'The speech model is not installed on this server, so it cannot transcribe. Ask the administrator to install it.',
  engine_unavailable:
    'The speech engine is not available on this server, so it cannot transcribe. Ask the administrator to install it.',
  unsupported_language: 'The speech engine does not understand the language asked for.',
  invalid_input: 'The recording could not be handed to the speech engine.',
};

/**
 * A failure that retrying cannot fix: audio that cannot be decoded, or an engine that is
 * missing, lacks the language or refuses the input. Returns the reason to store, or
 * undefined for failures worth retrying (a crashed worker, a busy database, ...).
 */
export function permanentReason(error: unknown): string | undefined {
  if (error instanceof Error && error.name === 'AudioDecodeError') return error.message;
  if (error instanceof TranscriptionError) {
    const reason = PERMANENT_ENGINE_FAILURES[error.code];
    if (reason && error.code === 'unsupported_language') return `${reason} ${error.message}`;
    return reason;
  }
  return undefined;
}

/** How often freed native memory is handed back while a recording is transcribed. */
const NATIVE_TRIM_INTERVAL_MS = 60_000;

/** Kept for callers of the previous API. */
export function isPermanent(error: unknown): error is Error & { code: string } {
  return error instanceof Error && permanentReason(error) !== undefined;
}

export interface RunnerOptions {
  queue: TranscriptionQueue;
  storage: BlobStorage;
  transcriber: Transcriber;
  /** Decodes any accepted format off the event loop (audio/audio-decoder.ts). */
  decodeAudio: DecodeAudio;
  log: FastifyBaseLogger;
  concurrency: number;
  leaseMs?: number;
  pollMs?: number;
  maxAttempts?: number;
  /** First retry delay; doubles per attempt up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Progress is written at most this often. */
  progressIntervalMs?: number;
  /** Told after every write to a job, so progress streams in this process wake at once. */
  events?: JobEvents;
  /** Told how each job ended (metrics). */
  observer?: JobObserver;
  /** The note owner's build to decode with (ADR 0040); stock without one. */
  personalModel?: PersonalModelLookup;
  /** The note owner's voice profile, to name their voice "You" (ADR 0058); nobody is named without. */
  voiceProfile?: VoiceProfileLookup;
  /** Told of each note whose transcript was stored (webhooks, ADR 0048). */
  noteEvents?: NoteEvents;
  /** Keeps the waveform peaks folded while decoding (ADR 0056). */
  peaks?: PeaksSink;
}

/** Where the runner leaves each recording's waveform peaks (peaks/peaks-store.ts). */
export interface PeaksSink {
  save(note: { id: string; storageKey: string }, peaks: Uint8Array): Promise<void>;
}

/** Hears how each job ended, e.g. to count it in metrics. */
export interface JobObserver {
  jobDone(milliseconds: number, audioSeconds: number | undefined): void;
  jobFailed(outcome: 'retry' | 'permanent' | 'gave_up'): void;
}

/**
 * Runs `concurrency` loops that claim notes, transcribe them and store the result. Upload
 * handlers call wake() so new notes start at once; polling covers notes queued by other
 * processes and leases that expired.
 */
export class TranscriptionRunner extends JobLoop {
  readonly workerId = `worker-${randomUUID()}`;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly options: RunnerOptions) {
    super({
      pollMs: options.pollMs ?? 1_000,
      concurrency: options.concurrency,
      log: options.log,
      failure: 'transcription job loop failed',
    });
    this.leaseMs = options.leaseMs ?? 60_000;
    this.maxAttempts = options.maxAttempts ?? 3;
  }

  override start(): void {
    // New work queued in any process (PostgreSQL relays it) wakes an idle loop at once.
    this.unsubscribe = this.options.events?.onQueued(() => this.wake());
    super.start();
  }

  /** Finishes the jobs in hand, then stops; unfinished leases simply expire elsewhere. */
  override async stop(): Promise<void> {
    this.unsubscribe?.();
    await super.stop();
  }

  /** Delay before attempt `attempts + 1`: 2 s, 4 s, 8 s, ... capped. */
  backoff(attempts: number): number {
    const base = this.options.backoffMs ?? 2_000;
    return Math.min(this.options.maxBackoffMs ?? 300_000, base * 2 ** Math.max(0, attempts - 1));
  }

  /** Claims one note and transcribes it; false when none was waiting. */
  protected async step(): Promise<boolean> {
    let note: VoiceNoteJobRow | undefined;
    try {
      note = await this.options.queue.claimNext(this.workerId, this.leaseMs);
    } catch (err) {
      this.options.log.error({ err }, 'could not claim a transcription job');
    }
    if (!note) return false;
    const { id } = note;
    // Recording the outcome can fail too (the database restarting): the lease then expires
    // and the job runs again, but this loop must go on claiming work.
    await this.process(note).catch((err: unknown) => {
      this.options.log.error({ err, voiceNoteId: id }, 'could not record the outcome of a transcription job');
    });
    return true;
  }

  private async process(note: VoiceNoteJobRow): Promise<void> {
    const { queue, log } = this.options;
    const jobLog = log.child({ voiceNoteId: note.id, attempt: note.attempts });
    const changed = (): void => this.options.events?.changed(note.id);
    // The claim has just set it processing.
    changed();
    if (note.attempts > this.maxAttempts) {
      await queue.fail(note.id, this.workerId, 'Transcription kept failing. Try again later.');
      changed();
      return;
    }
    // A lost lease (another worker took over) stops the work: its result could not be stored.
    const lost = new AbortController();
    const heartbeat = setInterval(
      () => {
        queue.renew(note.id, this.workerId, this.leaseMs).then(
          (ours) => {
            if (!ours) lost.abort(new Error('The lease was lost.'));
          },
          (err: unknown) => jobLog.warn({ err }, 'lease renewal failed'),
        );
      },
      Math.max(100, Math.floor(this.leaseMs / 3)),
    );
    // A long recording's utterances pass through malloc's arenas, which keep what they held
    // at their highest: what is free goes back every minute while it decodes (ADR 0066).
    const trim = setInterval(() => void releaseFreedNativeMemory(), NATIVE_TRIM_INTERVAL_MS);
    const progress = this.progressWriter(note.id, jobLog, changed);
    // Known as soon as the decoder has read the whole recording: a note that then fails
    // (silence, the engine) still shows how long it is.
    let durationSeconds: number | undefined;
    const knowDuration = (seconds: number): void => {
      durationSeconds = seconds;
    };
    try {
      const started = Date.now();
      const model = await this.options.personalModel?.(note.owner_id);
      // The decoding thread reads the file in pieces: a 4-hour recording is never held here.
      const { transcript, peaks, speakerPrints, ...recording } = await withBlobFile(
        this.options.storage,
        note.storage_key,
        (path) => this.transcribe(note, { path }, progress.update, lost.signal, knowDuration, model, jobLog),
      );
      durationSeconds = recording.durationSeconds;
      // The decoding's buffers, freed into malloc's arenas, go back before the storing (ADR 0066).
      await releaseFreedNativeMemory();
      await this.savePeaks(note, peaks, jobLog);
      await progress.flush();
      const owner = speakerPrints
        ? recogniseOwner(speakerPrints, await this.options.voiceProfile?.(note.owner_id))
        : undefined;
      const stored = await queue.complete(note.id, this.workerId, {
        transcript: {
          ...transcript,
          madeBy: engineModelOf(this.options.transcriber),
          ...(speakerPrints ? { speakerPrints } : {}),
          ...(owner === undefined ? {} : { ownerSpeaker: owner }),
        },
        durationSeconds,
      });
      jobLog.info({ ms: Date.now() - started, durationSeconds, stored }, 'transcribed');
      if (stored) {
        this.options.observer?.jobDone(Date.now() - started, durationSeconds);
        await this.options.noteEvents?.emit({
          type: 'note.transcribed',
          ownerId: note.owner_id,
          noteId: note.id,
        });
      }
    } catch (error) {
      progress.stop();
      const reason = permanentReason(error);
      if (lost.signal.aborted) {
        jobLog.warn('lease lost; another worker has the note');
      } else if (reason !== undefined) {
        jobLog.info({ err: error }, 'transcription failed permanently');
        this.options.observer?.jobFailed('permanent');
        await queue.fail(note.id, this.workerId, reason, durationSeconds);
      } else if (note.attempts >= this.maxAttempts) {
        jobLog.error({ err: error }, 'transcription failed for good');
        this.options.observer?.jobFailed('gave_up');
        await queue.fail(
          note.id,
          this.workerId,
          `Transcription failed ${note.attempts} times. Try again later.`,
          durationSeconds,
        );
      } else {
        const delay = this.backoff(note.attempts);
        jobLog.warn({ err: error, retryInMs: delay }, 'transcription failed, will retry');
        this.options.observer?.jobFailed('retry');
        await queue.retryLater(note.id, this.workerId, Date.now() + delay, durationSeconds);
      }
    } finally {
      progress.stop();
      clearInterval(heartbeat);
      clearInterval(trim);
      changed();
      // What the storing (or a failure) freed goes back too.
      void releaseFreedNativeMemory();
    }
  }

  private transcribe(
    note: VoiceNoteJobRow,
    bytes: AudioSource,
    onProgress: (fraction: number) => void,
    signal: AbortSignal,
    onDuration: (seconds: number) => void,
    model: Awaited<ReturnType<PersonalModelLookup>> | undefined,
    jobLog: FastifyBaseLogger,
  ): Promise<TranscribedRecording> {
    return transcribeRecording({
      decodeAudio: this.options.decodeAudio,
      transcriber: this.options.transcriber,
      bytes,
      language: note.language ?? undefined,
      // One person: nothing to tell apart (ADR 0053); 1 asks only for the print of their voice (ADR 0058).
      speakers: note.speakers_hint ?? 'auto',
      onProgress,
      signal,
      onDuration,
      model: {
        model,
        onModelFailure: (reason) =>
          jobLog.warn(
            { reason, buildId: model?.buildId },
            'personal model failed to open; decoded with stock',
          ),
      },
    });
  }

  /** A waveform that cannot be stored is made again when someone asks for it; the transcript goes on. */
  private async savePeaks(
    note: VoiceNoteJobRow,
    peaks: Uint8Array | undefined,
    jobLog: FastifyBaseLogger,
  ): Promise<void> {
    if (!peaks) return;
    try {
      await this.options.peaks?.save({ id: note.id, storageKey: note.storage_key }, peaks);
    } catch (err) {
      jobLog.warn({ err }, 'could not store the waveform peaks');
    }
  }

  /** Throttles progress to one write per interval; the last value is always written. */
  private progressWriter(id: string, log: FastifyBaseLogger, onWritten: () => void) {
    const interval = this.options.progressIntervalMs ?? 1_000;
    let latest = 0;
    let written = 0;
    let lastWrite = 0;
    let timer: NodeJS.Timeout | undefined;
    let pending: Promise<unknown> = Promise.resolve();
    const write = (): void => {
      timer = undefined;
      if (latest <= written) return;
      written = latest;
      lastWrite = Date.now();
      pending = this.options.queue
        .setProgress(id, this.workerId, written)
        .then(onWritten, (err: unknown) => log.warn({ err }, 'could not store progress'));
    };
    return {
      update: (fraction: number): void => {
        latest = Math.max(latest, fraction);
        if (timer) return;
        const wait = Math.max(0, lastWrite + interval - Date.now());
        timer = setTimeout(write, wait);
      },
      flush: async (): Promise<void> => {
        if (timer) clearTimeout(timer);
        timer = undefined;
        await pending;
      },
      stop: (): void => {
        if (timer) clearTimeout(timer);
        timer = undefined;
      },
    };
  }
}
