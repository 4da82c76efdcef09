import type { TranscriptWord, VoiceNote } from '@voxpad/shared/voice-notes';
import type { LiveStartMessage } from '@voxpad/shared/live-transcription';
import { LIVE_START_MESSAGE, LIVE_STOP_MESSAGE, parseLiveServerMessage } from './live-messages.ts';

/** Past this much audio waiting to leave (about 30 s of 16 kHz PCM) the stream is given up. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/** What the socket reports; after `filed` or `dropped` it reports nothing more. */
export type LiveSocketEvent =
  | { type: 'open' }
  | { type: 'partial'; words: TranscriptWord[] }
  | { type: 'final'; words: TranscriptWord[] }
  | { type: 'lag'; seconds: number }
  | { type: 'filed'; note: VoiceNote }
  | { type: 'dropped'; reason: string };

/** The part of the browser's WebSocket this client uses (a fake one in tests). */
export interface WebSocketLike {
  readonly readyState: number;
  readonly bufferedAmount: number;
  binaryType: BinaryType;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  send(data: string | ArrayBufferView<ArrayBuffer>): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;

/**
 * One live transcription stream (docs/live-protocol.md): sends the start message, PCM
 * frames (queued until the socket opens) and stop, and turns what the server says into events.
 * A stream whose audio piles up unsent, that the server refuses or that closes before "filed"
 * is dropped; the recording goes on without it.
 */
export class LiveSocket {
  readonly #socket: WebSocketLike;
  readonly #onEvent: (event: LiveSocketEvent) => void;
  readonly #maxBufferedBytes: number;
  readonly #start: LiveStartMessage;
  #queued: Int16Array<ArrayBuffer>[] = [];
  #queuedBytes = 0;
  #over = false;
  #serverError: string | null = null;

  constructor(
    socket: WebSocketLike,
    onEvent: (event: LiveSocketEvent) => void,
    maxBufferedBytes: number = MAX_BUFFERED_BYTES,
    start: LiveStartMessage = LIVE_START_MESSAGE,
  ) {
    this.#start = start;
    this.#socket = socket;
    this.#onEvent = onEvent;
    this.#maxBufferedBytes = maxBufferedBytes;
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => this.#opened();
    socket.onmessage = (event) => this.#received(event.data);
    socket.onerror = () => undefined;
    socket.onclose = () => this.#drop(this.#serverError ?? 'closed');
  }

  /** Opens a socket to `url` with the browser's WebSocket. */
  static open(
    url: string,
    onEvent: (event: LiveSocketEvent) => void,
    start: LiveStartMessage = LIVE_START_MESSAGE,
  ): LiveSocket {
    return new LiveSocket(new WebSocket(url), onEvent, MAX_BUFFERED_BYTES, start);
  }

  /** False once the stream is over (filed or dropped). */
  get healthy(): boolean {
    return !this.#over;
  }

  sendAudio(frame: Int16Array<ArrayBuffer>): void {
    if (this.#over || frame.length === 0) return;
    if (this.#socket.readyState !== OPEN) {
      this.#queued.push(frame);
      this.#queuedBytes += frame.byteLength;
      if (this.#queuedBytes > this.#maxBufferedBytes) this.#giveUp();
      return;
    }
    this.#socket.send(frame);
    if (this.#socket.bufferedAmount > this.#maxBufferedBytes) this.#giveUp();
  }

  /** The recording ended: the server files it and answers "filed". */
  stop(): void {
    if (this.#over) return;
    if (this.#socket.readyState !== OPEN) {
      this.#giveUp('The live stream had not started when the recording ended.');
      return;
    }
    this.#socket.send(JSON.stringify(LIVE_STOP_MESSAGE));
  }

  /** Closes without stop: the server files nothing (keep_partial false). */
  close(reason = 'closed by the page'): void {
    this.#drop(reason);
  }

  #opened(): void {
    if (this.#over) return;
    this.#socket.send(JSON.stringify(this.#start));
    this.#onEvent({ type: 'open' });
    const queued = this.#queued;
    this.#queued = [];
    this.#queuedBytes = 0;
    for (const frame of queued) this.sendAudio(frame);
  }

  #received(data: unknown): void {
    if (this.#over || typeof data !== 'string') return;
    const message = parseLiveServerMessage(data);
    if (!message) return;
    if (message.type === 'error') {
      // The server closes next; its words say why.
      this.#serverError = message.message;
    } else if (message.type === 'filed') {
      this.#over = true;
      this.#onEvent(message);
    } else {
      this.#onEvent(message);
    }
  }

  #giveUp(reason = 'The connection was too slow for the live stream.'): void {
    this.#drop(reason);
  }

  #drop(reason: string): void {
    if (this.#over) return;
    this.#over = true;
    this.#queued = [];
    this.#socket.onclose = null;
    this.#socket.onmessage = null;
    if (this.#socket.readyState <= OPEN) this.#socket.close(1000, 'live stream given up');
    this.#onEvent({ type: 'dropped', reason });
  }
}
