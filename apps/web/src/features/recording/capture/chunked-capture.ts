/** A running capture that hands over its audio in pieces as it records. */
export interface ChunkedCapture {
  pause(): void;
  resume(): void;
  /** Hand over what is recorded so far now: the tab is being hidden and may be frozen next. */
  flushSoon(): void;
  /** Stops; resolves once the last piece has been handed over. */
  stop(): Promise<void>;
}

/** Pieces are handed over this often, so an interruption loses at most this much. */
export const CHUNK_SECONDS = 2;
