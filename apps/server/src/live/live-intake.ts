/**
 * The audio side of a live stream, within its limits: frames go to the input of the stream's
 * format (pcm-input.ts, or opus-input.ts for Opus in WebM or Ogg), the samples it hands on are
 * counted against the duration limit and transcribed as they come (live-transcript.ts), and
 * the stream is refused when it outgrows the bytes its admission allows or the duration limit,
 * or when its audio cannot be decoded.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ApiProblem } from '../http/api-problem.ts';
import type { TranscriptWord } from '../transcription/transcriber.ts';
import { tooLarge, tooLong } from '../voice-notes/upload-problems.ts';
import type { InputFailure, LiveInput } from './live-input.ts';
import { CLOSE, DEFAULT_LIVE_FORMAT, LIVE_SAMPLE_RATE, type LiveFormat } from './live-protocol.ts';
import { type LiveDecoding, LiveTranscript } from './live-transcript.ts';
import { OpusInput } from './opus-input.ts';
import { PcmInput } from './pcm-input.ts';
import type { Hold } from './socket-flow.ts';

export interface IntakeEvents {
  final: (words: TranscriptWord[]) => void;
  partial: (words: TranscriptWord[]) => void;
  /** Seconds decoding is behind the audio (lag-notice.ts). */
  lag: (seconds: number) => void;
  hold: (reason: Hold, held: boolean) => void;
  /** A limit was passed: the stream is refused with this problem and close code. */
  overLimit: (problem: ApiProblem, closeCode: number) => void;
  /** The input cannot go on (undecodable audio, or ffmpeg failed); logged here already. */
  failed: (failure: InputFailure) => void;
}

/** `finishing`: no more frames, the last samples still count; `stopped`: nothing counts any more. */
type Phase = 'taking' | 'finishing' | 'stopped';

export class LiveIntake {
  readonly #limits: { maxBytes: number; maxSeconds: number };
  readonly #events: IntakeEvents;
  readonly #log: FastifyBaseLogger;
  readonly #transcript: LiveTranscript;
  #input: LiveInput;
  #phase: Phase = 'taking';

  constructor(
    decoding: LiveDecoding,
    limits: { maxBytes: number; maxSeconds: number },
    events: IntakeEvents,
    log: FastifyBaseLogger,
  ) {
    this.#limits = limits;
    this.#events = events;
    this.#log = log;
    this.#transcript = new LiveTranscript(decoding, {
      final: events.final,
      partial: events.partial,
      lag: events.lag,
      hold: (held) => events.hold('decoder', held),
    });
    this.#input = this.#inputFor(DEFAULT_LIVE_FORMAT);
  }

  /** 16 kHz samples taken so far. */
  get samples(): number {
    return this.#transcript.samples;
  }

  get durationSeconds(): number {
    return this.samples / LIVE_SAMPLE_RATE;
  }

  get receivedBytes(): number {
    return this.#input.receivedBytes;
  }

  /** The client's "start": frames from now on are in this format. */
  start(format: LiveFormat): void {
    this.#input = this.#inputFor(format);
  }

  /** One binary frame, counted as received against the size limit. */
  receive(frame: Buffer): void {
    const { maxBytes } = this.#limits;
    if (this.#input.sizeWith(frame.length) > maxBytes)
      this.#events.overLimit(tooLarge(maxBytes), CLOSE.tooBig);
    else this.#input.receive(frame);
  }

  /**
   * No more frames: resolves once the input handed on its last samples (an Opus decoder holds
   * some). Nothing the input does after that counts.
   */
  async finish(): Promise<void> {
    this.#phase = 'finishing';
    await this.#input.finish();
    this.#phase = 'stopped';
  }

  /** Every word, once the last utterance is decoded; undefined when decoding failed. */
  words(): Promise<readonly TranscriptWord[] | undefined> {
    return this.#transcript.words().catch((err: unknown) => {
      this.#log.warn({ err }, 'live decoding failed; the note is queued for transcription');
      return undefined;
    });
  }

  /** The recording to file, taken once after finish(). */
  recording(): Buffer[] {
    return this.#input.recording();
  }

  /** The stream is dropped: decoding stops and whatever runs for the input is stopped. */
  cancel(): void {
    this.#phase = 'stopped';
    this.#transcript.cancel();
    void this.#input.close();
  }

  /** The server is closing: resolves once nothing runs for the input (its ffmpeg reaped). */
  close(): Promise<void> {
    this.#transcript.cancel();
    return this.#input.close();
  }

  /** After the last frame: resolves once nothing runs for the input any more. */
  idle(): Promise<void> {
    return this.#input.idle();
  }

  #inputFor(format: LiveFormat): LiveInput {
    const events = {
      samples: (pcm: Int16Array) => this.#take(pcm),
      backlog: (full: boolean) => this.#events.hold('input', full),
      failed: (failure: InputFailure) => this.#failed(failure),
    };
    return format === 'opus' ? new OpusInput(events) : new PcmInput(events);
  }

  /** Samples from the input, within the duration limit; partial words only while frames come. */
  #take(pcm: Int16Array): void {
    if (this.#phase === 'stopped') return;
    const { maxSeconds } = this.#limits;
    const seconds = this.#transcript.secondsWith(pcm.length);
    if (seconds > maxSeconds) this.#events.overLimit(tooLong(seconds, maxSeconds), CLOSE.policy);
    else this.#transcript.push(pcm, this.#phase === 'taking');
  }

  #failed(failure: InputFailure): void {
    if (this.#phase === 'stopped') return;
    const details = { detail: failure.detail, code: failure.code };
    if (failure.serverFault) this.#log.error(details, 'live audio could not be decoded');
    else this.#log.info(details, 'live audio was refused');
    this.#events.failed(failure);
  }
}
