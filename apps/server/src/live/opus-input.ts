/**
 * Opus in a WebM or Ogg container, as a browser's MediaRecorder writes it with a timeslice:
 * the container's header in the first frame, then clusters or pages. The container is known
 * from the first bytes (EBML's magic for WebM/Matroska, "OggS" for Ogg), and the frames go to
 * an ffmpeg (opus-transcoder.ts) that hands back 16 kHz PCM. The recording filed is the
 * container as received (at 32 kbit/s an eighth of the WAV of the same audio); a stream cut off
 * mid-way is a truncated WebM or Ogg file, which still plays up to the cut.
 */
import type { InputFailure, LiveInput, LiveInputEvents } from './live-input.ts';
import { CLOSE, LIVE_ERROR_CODES } from './live-protocol.ts';
import { type OpusContainer, OpusTranscoder, OpusTranscoderError } from './opus-transcoder.ts';

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
const OGG_MAGIC = Buffer.from('OggS', 'latin1');
const MAGIC_BYTES = 4;

/** The container the first bytes open, if one Opus comes in. */
export function opusContainerOf(head: Buffer): OpusContainer | undefined {
  if (head.subarray(0, MAGIC_BYTES).equals(EBML_MAGIC)) return 'matroska';
  if (head.subarray(0, MAGIC_BYTES).equals(OGG_MAGIC)) return 'ogg';
  return undefined;
}

const NOT_A_CONTAINER: InputFailure = {
  code: LIVE_ERROR_CODES.unsupportedFormat,
  message:
    'Opus must come in a WebM or Ogg container, starting with its header (the first chunk a ' +
    'MediaRecorder gives); these bytes are neither.',
  closeCode: CLOSE.unsupportedData,
};

export class OpusInput implements LiveInput {
  readonly #events: LiveInputEvents;
  readonly #chunks: Buffer[] = [];
  #bytes = 0;
  #transcoder: OpusTranscoder | undefined;
  #refused = false;

  constructor(events: LiveInputEvents) {
    this.#events = events;
  }

  get receivedBytes(): number {
    return this.#bytes;
  }

  /** The container is stored as it came: what it weighs is what was received. */
  sizeWith(more: number): number {
    return this.#bytes + more;
  }

  receive(data: Buffer): void {
    if (this.#refused) return;
    // Copied: the socket's buffer may be reused, and this is the recording that is filed.
    const copy = Buffer.from(data);
    this.#chunks.push(copy);
    this.#bytes += copy.length;
    if (this.#transcoder) {
      this.#transcoder.write(copy);
      return;
    }
    if (this.#bytes < MAGIC_BYTES) return;
    const head = Buffer.concat(this.#chunks);
    const container = opusContainerOf(head);
    if (!container) {
      this.#refuse(NOT_A_CONTAINER);
      return;
    }
    this.#transcoder = new OpusTranscoder(container, {
      pcm: (samples) => this.#events.samples(samples),
      backlog: (full) => this.#events.backlog(full),
      failed: (error) => this.#refuse(failureOf(error)),
    });
    this.#transcoder.write(head);
  }

  async finish(): Promise<void> {
    if (this.#refused) return;
    if (!this.#transcoder) {
      if (this.#bytes > 0) this.#refuse(NOT_A_CONTAINER);
      return;
    }
    try {
      await this.#transcoder.end();
    } catch (error) {
      if (!(error instanceof OpusTranscoderError)) throw error;
      this.#refuse(failureOf(error));
    }
  }

  async close(): Promise<void> {
    await this.#transcoder?.kill();
  }

  async idle(): Promise<void> {
    await this.#transcoder?.exited;
  }

  recording(): Buffer[] {
    return this.#chunks.splice(0);
  }

  #refuse(failure: InputFailure): void {
    if (this.#refused) return;
    this.#refused = true;
    this.#events.failed(failure);
  }
}

function failureOf(error: OpusTranscoderError): InputFailure {
  return error.reason === 'unavailable'
    ? {
        code: LIVE_ERROR_CODES.transcriptionFailed,
        message: error.message,
        closeCode: CLOSE.internal,
        detail: error.detail,
        serverFault: true,
      }
    : {
        code: LIVE_ERROR_CODES.undecodableAudio,
        message: error.message,
        closeCode: CLOSE.unsupportedData,
        detail: error.detail,
      };
}
