/**
 * 16 kHz mono s16le PCM frames, taken as they are and filed behind the one WAV writer's
 * header (transcription/audio/wav-writer.ts): no copy of the recording is made.
 */
import { wavHeader } from '../transcription/audio/wav-writer.ts';
import type { LiveInput, LiveInputEvents } from './live-input.ts';
import { LIVE_SAMPLE_RATE } from './live-protocol.ts';

const WAV_HEADER_BYTES = 44;

export class PcmInput implements LiveInput {
  readonly #events: LiveInputEvents;
  readonly #chunks: Buffer[] = [];
  /** PCM taken, always whole samples. */
  #bytes = 0;
  /** An odd trailing byte, kept for the next frame. */
  #carry: Buffer | undefined;

  constructor(events: LiveInputEvents) {
    this.#events = events;
  }

  get receivedBytes(): number {
    return this.#bytes + (this.#carry?.length ?? 0);
  }

  sizeWith(more: number): number {
    return WAV_HEADER_BYTES + this.receivedBytes + more;
  }

  receive(data: Buffer): void {
    let bytes = this.#carry ? Buffer.concat([this.#carry, data]) : data;
    this.#carry = undefined;
    if (bytes.length % 2 === 1) {
      this.#carry = bytes.subarray(bytes.length - 1);
      bytes = bytes.subarray(0, bytes.length - 1);
    }
    if (bytes.length === 0) return;
    // Copied: the socket's buffer may be reused, and Int16Array needs an aligned offset.
    const copy = Buffer.from(bytes);
    this.#chunks.push(copy);
    this.#bytes += copy.length;
    this.#events.samples(new Int16Array(copy.buffer, copy.byteOffset, copy.length / 2));
  }

  finish(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  idle(): Promise<void> {
    return Promise.resolve();
  }

  recording(): Buffer[] {
    return [wavHeader(this.#bytes, LIVE_SAMPLE_RATE), ...this.#chunks.splice(0)];
  }
}
