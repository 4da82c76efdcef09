/**
 * One live recording on one socket: takes audio frames within the upload limits, has its input
 * turn them into 16 kHz samples (pcm-input.ts, or opus-input.ts for Opus in WebM or Ogg), cuts
 * those into utterances, has them decoded as they come, and at stop files the note with its
 * audio and the live transcript (voice-notes/file-voice-note.ts). A socket that closes without
 * stop files what it brought, with the transcript so far, when that is at least
 * MIN_KEPT_SECONDS; else nothing. A client that keeps its own copy says `keep_partial: false`:
 * then a socket closed before "filed" was sent leaves nothing. A stream is its socket: nothing
 * else can join it. A stream that brings no frame for the idle limit (LIVE_IDLE_SECONDS) is
 * closed with an `idle_timeout` error and then kept or dropped as a cut stream; time the server
 * itself holds the socket (back-pressure) does not count.
 */
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { ApiProblem } from '../http/api-problem.ts';
import { engineModelOf } from '../transcripts/transcript-store.ts';
import type { QuotaGuard, UploadAllowance } from '../quotas/quota-guard.ts';
import { groupIntoSegments } from '../transcription/segments.ts';
import type { Transcriber } from '../transcription/transcriber.ts';
import { fileVoiceNote, type FilingDeps } from '../voice-notes/file-voice-note.ts';
import { interrupted, tooLarge, tooLong } from '../voice-notes/upload-problems.ts';
import { durationText } from '../voice-notes/duration-text.ts';
import { deleteVoiceNote } from '../voice-notes/voice-notes-service.ts';
import { LiveDecoder } from './live-decoder.ts';
import type { InputFailure, LiveInput, LiveInputEvents } from './live-input.ts';
import {
  CLOSE,
  DEFAULT_LIVE_FORMAT,
  isLiveFormat,
  LIVE_ERROR_CODES,
  LIVE_SAMPLE_RATE,
  type LiveFormat,
  parseClientMessage,
  type ServerMessage,
} from './live-protocol.ts';
import { OpusInput } from './opus-input.ts';
import { PcmInput } from './pcm-input.ts';
import { UtteranceEndpointer } from './utterance-endpointer.ts';

/** A cut stream shorter than this is dropped: too short to be a note anyone meant. */
export const MIN_KEPT_SECONDS = 1;
/** Reading pauses while this much audio waits to be decoded, and resumes below half of it. */
const MAX_LAG_SECONDS = 8;
/** The utterance in progress is decoded for partial words after this much more audio. */
const PARTIAL_EVERY_SECONDS = 0.3;

export interface LiveDeps {
  filing: Omit<FilingDeps, 'maxBytes'>;
  quotas: QuotaGuard;
  /** Queues a full pass by a slower engine after filing (whisper, openai); absent for pocketsphinx. */
  fullPass: ((noteId: string) => Promise<void>) | undefined;
  /** A stream that brings no frame this long is closed as a cut stream. */
  idleMs: number;
  log: FastifyBaseLogger;
}

export interface LiveContext {
  ownerId: string;
  padId: string;
  engine: Transcriber;
  allowance: UploadAllowance;
}

/** What the session does to its socket. */
export interface LiveSocket {
  send(message: ServerMessage): void;
  close(code: number, reason: string): void;
  pause(): void;
  resume(): void;
}

/** `finishing`: no more audio comes; the input hands on its last samples before filing. */
type State = 'open' | 'streaming' | 'finishing' | 'filing' | 'over';
/** What keeps the socket from being read: audio waiting to be decoded, or to be taken by the input. */
type Hold = 'decoder' | 'input';

export class LiveSession {
  readonly #deps: LiveDeps;
  readonly #context: LiveContext;
  readonly #socket: LiveSocket;
  readonly #decoder: LiveDecoder;
  readonly #endpointer: UtteranceEndpointer;
  readonly #holds = new Set<Hold>();
  #input: LiveInput;
  #samples = 0;
  #sinceCurrent = 0;
  #state: State = 'open';
  /** False: the client uploads its own copy unless it was told "filed" (start's keep_partial). */
  #keepPartial = true;
  /** The socket is gone: nothing sent now arrives. */
  #closed = false;
  /** Runs out when no frame came for the idle limit while the socket was read. */
  #idleTimer: NodeJS.Timeout | undefined;

  constructor(deps: LiveDeps, context: LiveContext, socket: LiveSocket) {
    this.#deps = deps;
    this.#context = context;
    this.#socket = socket;
    this.#decoder = new LiveDecoder(context.engine, {
      final: (words) => this.#send({ type: 'final', words }),
      partial: (words) => this.#send({ type: 'partial', words }),
      lag: (samples) => this.#throttle(samples),
    });
    this.#endpointer = new UtteranceEndpointer((utterance) => this.#decoder.final(utterance));
    this.#input = this.#createInput(DEFAULT_LIVE_FORMAT);
    this.#armIdle();
  }

  /** 16 kHz samples taken so far. */
  get samples(): number {
    return this.#samples;
  }

  text(data: string): void {
    this.#armIdle();
    const message = parseClientMessage(data);
    if (typeof message === 'string') {
      this.#refuse(LIVE_ERROR_CODES.badMessage, message, CLOSE.policy);
      return;
    }
    if (message.type === 'stop') {
      void this.#stop();
      return;
    }
    if (this.#state !== 'open') {
      this.#refuse(LIVE_ERROR_CODES.alreadyStarted, 'Send "start" once, before any audio.', CLOSE.policy);
    } else if (!isLiveFormat(message.format)) {
      this.#refuse(
        LIVE_ERROR_CODES.unsupportedFormat,
        'This server takes live audio as pcm_s16le (16 kHz mono 16-bit PCM) or opus (Opus in a ' +
          `WebM or Ogg container), not "${message.format}".`,
        CLOSE.unsupportedData,
      );
    } else if (message.format === 'pcm_s16le' && message.sample_rate !== LIVE_SAMPLE_RATE) {
      this.#refuse(
        LIVE_ERROR_CODES.unsupportedFormat,
        `Live PCM must be sampled at ${LIVE_SAMPLE_RATE} Hz, not ${message.sample_rate} Hz.`,
        CLOSE.unsupportedData,
      );
    } else {
      this.#keepPartial = message.keep_partial;
      this.#input = this.#createInput(message.format);
    }
  }

  /** A binary frame, counted as received against the size limit. */
  audio(data: Buffer): void {
    if (this.#state !== 'open' && this.#state !== 'streaming') return;
    this.#state = 'streaming';
    this.#armIdle();
    if (data.length === 0) return;
    const { maxBytes } = this.#context.allowance;
    if (this.#input.sizeWith(data.length) > maxBytes) {
      void this.#refuseProblem(tooLarge(maxBytes), CLOSE.tooBig);
      return;
    }
    this.#input.receive(data);
  }

  /**
   * The socket closed. Without a stop, what was received is kept when long enough, unless the
   * client said it keeps its own copy (keep_partial false).
   */
  ended(): void {
    this.#closed = true;
    this.#disarmIdle();
    if (this.#state !== 'open' && this.#state !== 'streaming') return;
    if (!this.#keepPartial) {
      void this.#abandon(interrupted());
      return;
    }
    void this.#keepCut().catch((err: unknown) =>
      this.#deps.log.warn({ err }, 'a cut live recording could not be filed'),
    );
  }

  /** The server is closing: whatever runs for this stream (an ffmpeg) is stopped and reaped. */
  async close(): Promise<void> {
    this.#disarmIdle();
    await this.#input.close();
  }

  /** After ended(): resolves once nothing runs for the stream's input (filing may go on). */
  idle(): Promise<void> {
    return this.#input.idle();
  }

  #createInput(format: LiveFormat): LiveInput {
    const events: LiveInputEvents = {
      samples: (pcm) => this.#take(pcm),
      backlog: (full) => this.#hold('input', full),
      failed: (failure) => this.#inputFailed(failure),
    };
    return format === 'opus' ? new OpusInput(events) : new PcmInput(events);
  }

  /** Samples from the input: within the duration limit, cut into utterances and decoded. */
  #take(pcm: Int16Array): void {
    if (this.#state !== 'streaming' && this.#state !== 'finishing') return;
    const maxSeconds = this.#deps.filing.maxDurationSeconds;
    const seconds = (this.#samples + pcm.length) / LIVE_SAMPLE_RATE;
    if (seconds > maxSeconds) {
      void this.#refuseProblem(tooLong(seconds, maxSeconds), CLOSE.policy);
      return;
    }
    this.#samples += pcm.length;
    this.#endpointer.push(pcm);
    this.#sinceCurrent += pcm.length;
    if (this.#state === 'streaming' && this.#sinceCurrent >= PARTIAL_EVERY_SECONDS * LIVE_SAMPLE_RATE) {
      this.#sinceCurrent = 0;
      const current = this.#endpointer.current();
      if (current) this.#decoder.partial(current);
    }
  }

  #inputFailed(failure: InputFailure): void {
    if (this.#state === 'filing' || this.#state === 'over') return;
    const details = { detail: failure.detail, code: failure.code };
    if (failure.serverFault) this.#deps.log.error(details, 'live audio could not be decoded');
    else this.#deps.log.info(details, 'live audio was refused');
    this.#refuse(failure.code, failure.message, failure.closeCode);
  }

  async #stop(): Promise<void> {
    if (this.#state !== 'open' && this.#state !== 'streaming') return;
    if (this.#input.receivedBytes === 0) {
      this.#refuse(
        LIVE_ERROR_CODES.emptyAudio,
        'No audio arrived before "stop", so there is nothing to file.',
      );
      return;
    }
    if (!(await this.#finishInput())) return;
    if (this.#samples === 0) {
      this.#refuse(
        LIVE_ERROR_CODES.emptyAudio,
        'No sound could be decoded from what arrived before "stop", so there is nothing to file.',
      );
      return;
    }
    try {
      const note = await this.#file();
      if (this.#closed && !this.#keepPartial) {
        // The client gave up waiting and uploads its own copy: this one would be a duplicate.
        await this.#discard(note);
        return;
      }
      this.#send({ type: 'filed', note });
      this.#socket.close(CLOSE.normal, 'filed');
    } catch (error) {
      const problem = error instanceof ApiProblem ? error : undefined;
      if (!problem) this.#deps.log.error({ err: error }, 'a live recording could not be filed');
      this.#sendError(
        problem?.errors[0]?.code ?? LIVE_ERROR_CODES.filingFailed,
        problem?.errors[0]?.message ?? 'The recording could not be saved. Upload it from the device instead.',
      );
      this.#socket.close(CLOSE.internal, 'not filed');
    }
  }

  /** A stream cut without stop: filed with what arrived when that is long enough. */
  async #keepCut(): Promise<void> {
    if (!(await this.#finishInput())) return;
    if (this.#samples < MIN_KEPT_SECONDS * LIVE_SAMPLE_RATE) {
      await this.#abandon(interrupted());
      return;
    }
    await this.#file();
  }

  /**
   * No more audio comes: waits for the input's last samples (an Opus decoder holds some).
   * False when the stream was refused meanwhile (undecodable, too long).
   */
  async #finishInput(): Promise<boolean> {
    this.#state = 'finishing';
    this.#disarmIdle();
    this.#releaseHolds();
    await this.#input.finish();
    return this.#state === 'finishing';
  }

  /**
   * Files the audio with the live transcript. If decoding failed, the note is filed without
   * one and queued, so the job transcribes it: the audio is never lost to a decoding error.
   */
  async #file(): Promise<VoiceNote> {
    this.#state = 'filing';
    const { ownerId, padId, allowance } = this.#context;
    this.#endpointer.flush();
    const words = await this.#decoder.drain().catch((err: unknown) => {
      this.#deps.log.warn({ err }, 'live decoding failed; the note is queued for transcription');
      return undefined;
    });
    const durationSeconds = this.#samples / LIVE_SAMPLE_RATE;
    const segments = words ? groupIntoSegments(words) : undefined;
    const filing = { ...this.#deps.filing, maxBytes: allowance.maxBytes };
    let note: VoiceNote;
    try {
      note = await fileVoiceNote(filing, {
        ownerId,
        padId,
        fileName: undefined,
        body: Readable.from(this.#input.recording()),
        ...(segments
          ? {
              transcribed: {
                text: segments.map((s) => s.text).join(' '),
                segments,
                durationSeconds,
                madeBy: engineModelOf(this.#context.engine),
              },
            }
          : {}),
      });
    } catch (error) {
      this.#state = 'over';
      throw await allowance.failed(error);
    }
    this.#state = 'over';
    await allowance.accepted(note.size_bytes);
    const overflow = await this.#deps.quotas.overflow(ownerId, note.size_bytes);
    if (overflow) {
      await this.#discard(note);
      throw overflow;
    }
    if (segments && this.#deps.fullPass) await this.#deps.fullPass(note.id);
    return note;
  }

  async #discard(note: VoiceNote): Promise<void> {
    const { ownerId, padId } = this.#context;
    await deleteVoiceNote({ ...this.#deps.filing, log: this.#deps.log }, ownerId, padId, note.id);
  }

  #throttle(lagSamples: number): void {
    const limit = MAX_LAG_SECONDS * LIVE_SAMPLE_RATE;
    if (lagSamples > limit) this.#hold('decoder', true);
    else if (lagSamples < limit / 2) this.#hold('decoder', false);
  }

  /** The socket is read while nothing holds it, and only streams are held. */
  #hold(reason: Hold, held: boolean): void {
    const wasPaused = this.#holds.size > 0;
    if (held && this.#state === 'streaming') this.#holds.add(reason);
    else if (!held) this.#holds.delete(reason);
    const paused = this.#holds.size > 0;
    if (paused && !wasPaused) this.#socket.pause();
    else if (!paused && wasPaused) this.#socket.resume();
    // Held, the clock stops (nothing can arrive); read again, it starts afresh.
    if (paused !== wasPaused) this.#armIdle();
  }

  /** (Re)starts the idle clock while the stream is read; a frame that arrives starts it again. */
  #armIdle(): void {
    if (this.#closed || this.#holds.size > 0 || (this.#state !== 'open' && this.#state !== 'streaming')) {
      this.#disarmIdle();
      return;
    }
    if (this.#idleTimer) this.#idleTimer.refresh();
    else this.#idleTimer = setTimeout(() => this.#idle(), this.#deps.idleMs).unref();
  }

  #disarmIdle(): void {
    clearTimeout(this.#idleTimer);
    this.#idleTimer = undefined;
  }

  /** Nothing came for the idle limit: closed, then kept or dropped as any cut stream. */
  #idle(): void {
    this.#idleTimer = undefined;
    if (this.#state !== 'open' && this.#state !== 'streaming') return;
    const span = durationText(this.#deps.idleMs / 1000);
    this.#deps.log.info({ idleMs: this.#deps.idleMs }, 'an idle live stream was closed');
    this.#sendError(
      LIVE_ERROR_CODES.idle,
      this.#keepPartial
        ? `Nothing arrived for ${span}, so the live stream was closed. What arrived before is ` +
            `filed as a note when it is at least ${MIN_KEPT_SECONDS} s of audio.`
        : `Nothing arrived for ${span}, so the live stream was closed and nothing was filed ` +
            'from it: upload the copy you kept.',
    );
    this.#socket.close(CLOSE.policy, 'idle');
  }

  #releaseHolds(): void {
    if (this.#holds.size === 0) return;
    this.#holds.clear();
    this.#socket.resume();
    this.#armIdle();
  }

  /**
   * Ends a stream that is not filed: decoding and the input (its ffmpeg) stop, and the quota
   * reservation is freed. Returns the error to show (a quota's refusal for "too large").
   */
  async #abandon(reason: unknown): Promise<unknown> {
    if (this.#state === 'filing' || this.#state === 'over') return reason;
    this.#state = 'over';
    this.#disarmIdle();
    this.#decoder.cancel();
    this.#releaseHolds();
    void this.#input.close();
    return this.#context.allowance.failed(reason).catch((err: unknown) => {
      this.#deps.log.warn({ err }, 'the reservation of a live recording could not be freed');
      return reason;
    });
  }

  async #refuseProblem(problem: ApiProblem, code: number): Promise<void> {
    const error = await this.#abandon(problem);
    const shown = error instanceof ApiProblem ? error : problem;
    this.#sendError(shown.errors[0]?.code ?? 'refused', shown.message);
    this.#socket.close(code, 'refused');
  }

  #refuse(code: string, message: string, closeCode: number = CLOSE.policy): void {
    void this.#abandon(new Error(message));
    this.#sendError(code, message);
    this.#socket.close(closeCode, 'refused');
  }

  #sendError(code: string, message: string): void {
    this.#send({ type: 'error', code, message });
  }

  #send(message: ServerMessage): void {
    if (this.#state === 'over' && message.type !== 'error' && message.type !== 'filed') return;
    this.#socket.send(message);
  }
}
