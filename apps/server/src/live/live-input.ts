/**
 * The audio side of a live stream: binary frames in as they were received, 16 kHz mono
 * samples out to the session, and at filing the recording to store. pcm-input.ts takes PCM
 * as it is and stores it as WAV; opus-input.ts decodes Opus in WebM or Ogg with ffmpeg and
 * stores the container as received. The session sees samples only.
 */
/** Why the input cannot go on: the stream is refused with this, and nothing is filed. */
export interface InputFailure {
  code: string;
  /** For the client, a sentence. */
  message: string;
  /** The WebSocket close code. */
  closeCode: number;
  /** For the logs (what ffmpeg said). */
  detail?: string;
  /** The server is at fault, not the client's audio. */
  serverFault?: boolean;
}

export interface LiveInputEvents {
  /** 16 kHz mono samples, in order; the array is the receiver's to keep. */
  samples: (pcm: Int16Array) => void;
  /** True: stop reading the socket until false (the input cannot take more yet). */
  backlog: (full: boolean) => void;
  failed: (failure: InputFailure) => void;
}

export interface LiveInput {
  /** Bytes received on the socket so far. */
  readonly receivedBytes: number;
  /** What the stored recording would weigh with `more` bytes received on top (size limits). */
  sizeWith(more: number): number;
  /** One binary frame, as it arrived. */
  receive(bytes: Buffer): void;
  /** No more frames come: resolves once every sample has been handed on (or `failed` told why not). */
  finish(): Promise<void>;
  /** The stream is dropped: resolves once nothing runs for it any more (ffmpeg killed and reaped). */
  close(): Promise<void>;
  /** After the last frame: resolves once nothing runs for the input any more (finished or closed). */
  idle(): Promise<void>;
  /** The recording to file, in pieces; taken once, after finish(). */
  recording(): Buffer[];
}
