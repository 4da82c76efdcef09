/**
 * One live recording on one socket, as a state: which message may come when, and how the
 * stream ends. Frames are decoded and transcribed as they come (live-intake.ts); at stop the
 * note is filed with its audio and live transcript (live-filing.ts). A socket that closes
 * without stop files what it brought when that is at least MIN_KEPT_SECONDS, unless the client
 * keeps its own copy (`keep_partial: false`): then a socket closed before "filed" leaves
 * nothing. A stream is its socket: nothing else can join it. A stream silent for the idle limit
 * (LIVE_IDLE_SECONDS, socket-flow.ts) is closed as a cut stream with an `idle_timeout` error.
 */
import { speakersHintCount } from '@voxpad/shared/speakers';
import type { FastifyBaseLogger } from 'fastify';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { ApiProblem } from '../http/api-problem.ts';
import { LiveFinals } from '../transcripts/readable-transcript.ts';
import type { QuotaGuard } from '../quotas/quota-guard.ts';
import { interrupted } from '../voice-notes/upload-problems.ts';
import { discardLiveNote, fileLiveRecording, type LiveContext, type LiveFilingDeps } from './live-filing.ts';
import { LiveIntake } from './live-intake.ts';
import {
  checkStart,
  idleNotice,
  MIN_KEPT_SECONDS,
  type Notice,
  nothingToFile,
  notFiled,
} from './live-notices.ts';
import {
  CLOSE,
  LIVE_ERROR_CODES,
  LIVE_SAMPLE_RATE,
  parseClientMessage,
  type ServerMessage,
} from './live-protocol.ts';
import { type FlowControl, SocketFlow } from './socket-flow.ts';

export type { LiveContext } from './live-filing.ts';

export interface LiveDeps extends LiveFilingDeps {
  /** Admits each stream as an upload before the socket opens (live-routes.ts). */
  quotas: QuotaGuard;
  /** A stream that brings no frame this long is closed as a cut stream. */
  idleMs: number;
  log: FastifyBaseLogger;
}

/** What the session does to its socket. */
export interface LiveSocket extends FlowControl {
  send(message: ServerMessage): void;
  close(code: number, reason: string): void;
}

/** `finishing`: no more audio comes; the input hands on its last samples before filing. */
type State = 'open' | 'streaming' | 'finishing' | 'filing' | 'over';

export class LiveSession {
  readonly #deps: LiveDeps;
  readonly #context: LiveContext;
  readonly #socket: LiveSocket;
  readonly #flow: SocketFlow;
  readonly #intake: LiveIntake;
  #state: State = 'open';
  /** False: the client uploads its own copy unless it was told "filed" (start's keep_partial). */
  #keepPartial = true;
  /** How many people speak, as "start" said; null: found out. */
  #speakersHint: number | null = null;
  /** The socket is gone: nothing sent now arrives. */
  #closed = false;
  /** The finals sent, as they read: the filed note keeps exactly these. */
  readonly #finals: LiveFinals;

  constructor(deps: LiveDeps, context: LiveContext, socket: LiveSocket) {
    this.#deps = deps;
    this.#context = context;
    this.#socket = socket;
    this.#flow = new SocketFlow(socket, deps.idleMs, () => this.#idle());
    const limits = { maxBytes: context.allowance.maxBytes, maxSeconds: deps.filing.maxDurationSeconds };
    // Finals are sent readable, each after the ones before; partials stay as recognised.
    const finals = new LiveFinals({ format: context.formatTranscripts, engine: context.engine.name });
    this.#finals = finals;
    this.#intake = new LiveIntake(
      { engine: context.engine, stream: context.stream, model: context.model },
      limits,
      {
        final: (words) => this.#send({ type: 'final', words: finals.next(words) }),
        partial: (words) => this.#send({ type: 'partial', words }),
        lag: (seconds) => this.#send({ type: 'lag', seconds }),
        hold: (reason, held) => this.#flow.hold(reason, held),
        overLimit: (problem, closeCode) => void this.#refuseProblem(problem, closeCode),
        failed: (failure) => this.#refuse(failure),
      },
      deps.log,
    );
  }

  text(data: string): void {
    this.#flow.arm();
    const message = parseClientMessage(data);
    if (typeof message === 'string') {
      this.#refuse({ code: LIVE_ERROR_CODES.badMessage, message, closeCode: CLOSE.policy });
    } else if (message.type === 'stop') {
      void this.#stop();
    } else {
      const start = checkStart(message, this.#state !== 'open');
      if ('refusal' in start) return this.#refuse(start.refusal);
      this.#keepPartial = message.keep_partial;
      if (message.speakers !== undefined) this.#speakersHint = speakersHintCount(message.speakers);
      this.#intake.start(start.format);
    }
  }

  /** A binary frame, counted as received against the size limit. */
  audio(data: Buffer): void {
    if (this.#state !== 'open' && this.#state !== 'streaming') return;
    this.#state = 'streaming';
    this.#flow.arm();
    if (data.length > 0) this.#intake.receive(data);
  }

  /**
   * The socket closed. Without a stop, what was received is kept when long enough, unless the
   * client said it keeps its own copy (keep_partial false).
   */
  ended(): void {
    this.#closed = true;
    this.#flow.stop();
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
    this.#flow.stop();
    await this.#intake.close();
  }

  /** After ended(): resolves once nothing runs for the stream's input (filing may go on). */
  idle(): Promise<void> {
    return this.#intake.idle();
  }

  async #stop(): Promise<void> {
    if (this.#state !== 'open' && this.#state !== 'streaming') return;
    if (this.#intake.receivedBytes === 0) return this.#refuse(nothingToFile(false));
    if (!(await this.#finishInput())) return;
    if (this.#intake.samples === 0) return this.#refuse(nothingToFile(true));
    try {
      const note = await this.#file();
      if (this.#closed && !this.#keepPartial) {
        // The client gave up waiting and uploads its own copy: this one would be a duplicate.
        await discardLiveNote(this.#deps, this.#context, note);
        return;
      }
      this.#send({ type: 'filed', note });
      this.#socket.close(CLOSE.normal, 'filed');
    } catch (error) {
      const unexpected = !(error instanceof ApiProblem);
      if (unexpected) this.#deps.log.error({ err: error }, 'a live recording could not be filed');
      this.#tell(notFiled(error), 'not filed');
    }
  }

  /** A stream cut without stop: filed with what arrived when that is long enough. */
  async #keepCut(): Promise<void> {
    if (!(await this.#finishInput())) return;
    if (this.#intake.samples < MIN_KEPT_SECONDS * LIVE_SAMPLE_RATE) {
      await this.#abandon(interrupted());
      return;
    }
    await this.#file();
  }

  /** No more audio comes: false when the stream was refused meanwhile (undecodable, too long). */
  async #finishInput(): Promise<boolean> {
    this.#state = 'finishing';
    this.#flow.stop();
    await this.#intake.finish();
    return this.#state === 'finishing';
  }

  /** Files the audio with the live transcript, or without one when decoding failed. */
  async #file(): Promise<VoiceNote> {
    this.#state = 'filing';
    // Every final was sent once decoding drained; none when it failed (the note is queued).
    const decoded = await this.#intake.words();
    const recording = {
      audio: this.#intake.recording(),
      durationSeconds: this.#intake.durationSeconds,
      transcript: decoded && this.#finals.sent(),
      speakersHint: this.#speakersHint,
    };
    try {
      return await fileLiveRecording(this.#deps, this.#context, recording);
    } finally {
      this.#state = 'over';
    }
  }

  /** Nothing came for the idle limit: closed, then kept or dropped as any cut stream. */
  #idle(): void {
    if (this.#state !== 'open' && this.#state !== 'streaming') return;
    this.#deps.log.info({ idleMs: this.#deps.idleMs }, 'an idle live stream was closed');
    this.#tell(idleNotice(this.#deps.idleMs, this.#keepPartial), 'idle');
  }

  /**
   * Ends a stream that is not filed: decoding and the input (its ffmpeg) stop, and the quota
   * reservation is freed. Returns the error to show (a quota's refusal for "too large").
   */
  async #abandon(reason: unknown): Promise<unknown> {
    if (this.#state === 'filing' || this.#state === 'over') return reason;
    this.#state = 'over';
    this.#flow.stop();
    this.#intake.cancel();
    return this.#context.allowance.failed(reason).catch((err: unknown) => {
      this.#deps.log.warn({ err }, 'the reservation of a live recording could not be freed');
      return reason;
    });
  }

  async #refuseProblem(problem: ApiProblem, closeCode: number): Promise<void> {
    const error = await this.#abandon(problem);
    const shown = error instanceof ApiProblem ? error : problem;
    this.#tell({ code: shown.errors[0]?.code ?? 'refused', message: shown.message, closeCode }, 'refused');
  }

  #refuse(notice: Notice): void {
    void this.#abandon(new Error(notice.message));
    this.#tell(notice, 'refused');
  }

  #tell(notice: Notice, reason: string): void {
    this.#send({ type: 'error', code: notice.code, message: notice.message });
    this.#socket.close(notice.closeCode, reason);
  }

  #send(message: ServerMessage): void {
    if (this.#state === 'over' && message.type !== 'error' && message.type !== 'filed') return;
    this.#socket.send(message);
  }
}
