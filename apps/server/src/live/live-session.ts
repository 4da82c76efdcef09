/**
 * One live recording on one socket: takes PCM frames within the upload limits, cuts them into
 * utterances, has them decoded as they come, and at stop files the note with its audio and the
 * live transcript (voice-notes/file-voice-note.ts). A socket that closes without stop files
 * what it brought, with the transcript so far, when that is at least MIN_KEPT_SECONDS; else
 * nothing. A client that keeps its own copy says `keep_partial: false`: then a socket closed
 * before "filed" was sent leaves nothing. A stream is its socket: nothing else can join it.
 */
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { ApiProblem } from '../http/api-problem.ts';
import type { QuotaGuard, UploadAllowance } from '../quotas/quota-guard.ts';
import { wavHeader } from '../transcription/audio/wav-writer.ts';
import { groupIntoSegments } from '../transcription/segments.ts';
import type { Transcriber } from '../transcription/transcriber.ts';
import { fileVoiceNote, type FilingDeps } from '../voice-notes/file-voice-note.ts';
import { interrupted, tooLarge, tooLong } from '../voice-notes/upload-problems.ts';
import { deleteVoiceNote } from '../voice-notes/voice-notes-service.ts';
import { LiveDecoder } from './live-decoder.ts';
import {
  CLOSE,
  LIVE_ERROR_CODES,
  LIVE_FORMAT,
  LIVE_SAMPLE_RATE,
  parseClientMessage,
  type ServerMessage,
} from './live-protocol.ts';
import { UtteranceEndpointer } from './utterance-endpointer.ts';

/** A cut stream shorter than this is dropped: too short to be a note anyone meant. */
export const MIN_KEPT_SECONDS = 1;
const WAV_HEADER_BYTES = 44;
/** Reading pauses while this much audio waits to be decoded, and resumes below half of it. */
const MAX_LAG_SECONDS = 8;
/** The utterance in progress is decoded for partial words after this much more audio. */
const PARTIAL_EVERY_SECONDS = 0.3;

export interface LiveDeps {
  filing: Omit<FilingDeps, 'maxBytes'>;
  quotas: QuotaGuard;
  /** Queues a full pass by a slower engine after filing (whisper, openai); absent for pocketsphinx. */
  fullPass: ((noteId: string) => Promise<void>) | undefined;
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

type State = 'open' | 'streaming' | 'filing' | 'over';

export class LiveSession {
  readonly #deps: LiveDeps;
  readonly #context: LiveContext;
  readonly #socket: LiveSocket;
  readonly #decoder: LiveDecoder;
  readonly #endpointer: UtteranceEndpointer;
  readonly #chunks: Buffer[] = [];
  #bytes = 0;
  /** An odd trailing byte, kept for the next frame. */
  #carry: Buffer | undefined;
  #sinceCurrent = 0;
  #state: State = 'open';
  #paused = false;
  /** False: the client uploads its own copy unless it was told "filed" (start's keep_partial). */
  #keepPartial = true;
  /** The socket is gone: nothing sent now arrives. */
  #closed = false;

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
  }

  get samples(): number {
    return this.#bytes / 2;
  }

  text(data: string): void {
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
    } else if (message.format !== LIVE_FORMAT) {
      this.#refuse(
        LIVE_ERROR_CODES.unsupportedFormat,
        `This server takes live audio as ${LIVE_FORMAT} (16 kHz mono 16-bit PCM) only, not "${message.format}".`,
        CLOSE.unsupportedData,
      );
    } else if (message.sample_rate !== LIVE_SAMPLE_RATE) {
      this.#refuse(
        LIVE_ERROR_CODES.unsupportedFormat,
        `Live audio must be sampled at ${LIVE_SAMPLE_RATE} Hz, not ${message.sample_rate} Hz.`,
        CLOSE.unsupportedData,
      );
    } else {
      this.#keepPartial = message.keep_partial;
    }
  }

  audio(data: Buffer): void {
    if (this.#state !== 'open' && this.#state !== 'streaming') return;
    this.#state = 'streaming';
    let bytes = this.#carry ? Buffer.concat([this.#carry, data]) : data;
    this.#carry = undefined;
    if (bytes.length % 2 === 1) {
      this.#carry = bytes.subarray(bytes.length - 1);
      bytes = bytes.subarray(0, bytes.length - 1);
    }
    if (bytes.length === 0) return;
    const { maxBytes } = this.#context.allowance;
    if (WAV_HEADER_BYTES + this.#bytes + bytes.length > maxBytes) {
      void this.#refuseProblem(tooLarge(maxBytes), CLOSE.tooBig);
      return;
    }
    const maxSeconds = this.#deps.filing.maxDurationSeconds;
    const seconds = (this.#bytes + bytes.length) / 2 / LIVE_SAMPLE_RATE;
    if (seconds > maxSeconds) {
      void this.#refuseProblem(tooLong(seconds, maxSeconds), CLOSE.policy);
      return;
    }
    // Copied: the socket's buffer may be reused, and Int16Array needs an aligned offset.
    const copy = Buffer.from(bytes);
    this.#chunks.push(copy);
    this.#bytes += copy.length;
    this.#endpointer.push(new Int16Array(copy.buffer, copy.byteOffset, copy.length / 2));
    this.#sinceCurrent += copy.length / 2;
    if (this.#sinceCurrent >= PARTIAL_EVERY_SECONDS * LIVE_SAMPLE_RATE) {
      this.#sinceCurrent = 0;
      const current = this.#endpointer.current();
      if (current) this.#decoder.partial(current);
    }
  }

  /**
   * The socket closed. Without a stop, what was received is kept when long enough, unless the
   * client said it keeps its own copy (keep_partial false).
   */
  ended(): void {
    this.#closed = true;
    if (this.#state === 'filing' || this.#state === 'over') return;
    if (!this.#keepPartial || this.samples < MIN_KEPT_SECONDS * LIVE_SAMPLE_RATE) {
      this.#state = 'over';
      this.#decoder.cancel();
      void this.#context.allowance.failed(interrupted());
      return;
    }
    void this.#file().catch((err: unknown) =>
      this.#deps.log.warn({ err }, 'a cut live recording could not be filed'),
    );
  }

  async #stop(): Promise<void> {
    if (this.#state === 'filing' || this.#state === 'over') return;
    if (this.#bytes === 0) {
      this.#refuse(
        LIVE_ERROR_CODES.emptyAudio,
        'No audio arrived before "stop", so there is nothing to file.',
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

  /**
   * Files the audio with the live transcript. If decoding failed, the note is filed without
   * one and queued, so the job transcribes it: the audio is never lost to a decoding error.
   */
  async #file(): Promise<VoiceNote> {
    this.#state = 'filing';
    this.#resume();
    const { ownerId, padId, allowance } = this.#context;
    this.#endpointer.flush();
    const words = await this.#decoder.drain().catch((err: unknown) => {
      this.#deps.log.warn({ err }, 'live decoding failed; the note is queued for transcription');
      return undefined;
    });
    const durationSeconds = this.samples / LIVE_SAMPLE_RATE;
    const segments = words ? groupIntoSegments(words) : undefined;
    // The received PCM behind the one WAV writer's header: no copy of the recording is made.
    const wav = [wavHeader(this.#bytes, LIVE_SAMPLE_RATE), ...this.#chunks.splice(0)];
    const filing = { ...this.#deps.filing, maxBytes: allowance.maxBytes };
    let note: VoiceNote;
    try {
      note = await fileVoiceNote(filing, {
        ownerId,
        padId,
        fileName: undefined,
        body: Readable.from(wav),
        ...(segments
          ? { transcribed: { text: segments.map((s) => s.text).join(' '), segments, durationSeconds } }
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
    if (!this.#paused && lagSamples > limit && this.#state === 'streaming') {
      this.#paused = true;
      this.#socket.pause();
    } else if (this.#paused && lagSamples < limit / 2) {
      this.#resume();
    }
  }

  #resume(): void {
    if (!this.#paused) return;
    this.#paused = false;
    this.#socket.resume();
  }

  async #refuseProblem(problem: ApiProblem, code: number): Promise<void> {
    this.#state = 'over';
    this.#decoder.cancel();
    const error = await this.#context.allowance.failed(problem);
    const shown = error instanceof ApiProblem ? error : problem;
    this.#sendError(shown.errors[0]?.code ?? 'refused', shown.message);
    this.#socket.close(code, 'refused');
  }

  #refuse(code: string, message: string, closeCode: number = CLOSE.policy): void {
    if (this.#state === 'open' || this.#state === 'streaming') {
      this.#state = 'over';
      this.#decoder.cancel();
      void this.#context.allowance.failed(new Error(message));
    }
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
