/**
 * When a live socket is read, and when it has been silent too long. Reading pauses while
 * something holds it (audio waiting to be decoded, or to be taken by the input) and resumes
 * once nothing does. The idle clock runs only while the socket is read: time the server itself
 * holds the socket does not count, and the clock starts afresh when reading resumes.
 */

/** What keeps the socket from being read: audio waiting to be decoded, or to be taken by the input. */
export type Hold = 'decoder' | 'input';

export interface FlowControl {
  pause(): void;
  resume(): void;
}

export class SocketFlow {
  readonly #holds = new Set<Hold>();
  readonly #socket: FlowControl;
  readonly #idleMs: number;
  readonly #onIdle: () => void;
  /** False once the stream no longer takes audio (finishing, filed, refused or closed). */
  #reading = true;
  #idleTimer: NodeJS.Timeout | undefined;

  constructor(socket: FlowControl, idleMs: number, onIdle: () => void) {
    this.#socket = socket;
    this.#idleMs = idleMs;
    this.#onIdle = onIdle;
    this.arm();
  }

  /** Held streams only: a hold asked for once the stream no longer reads is not taken. */
  hold(reason: Hold, held: boolean): void {
    const wasPaused = this.#holds.size > 0;
    if (held && this.#reading) this.#holds.add(reason);
    else if (!held) this.#holds.delete(reason);
    const paused = this.#holds.size > 0;
    if (paused && !wasPaused) this.#socket.pause();
    else if (!paused && wasPaused) this.#socket.resume();
    // Held, the clock stops (nothing can arrive); read again, it starts afresh.
    if (paused !== wasPaused) this.arm();
  }

  /** (Re)starts the idle clock while the stream is read; a frame that arrives starts it again. */
  arm(): void {
    if (!this.#reading || this.#holds.size > 0) {
      this.#disarm();
      return;
    }
    if (this.#idleTimer) this.#idleTimer.refresh();
    else
      this.#idleTimer = setTimeout(() => {
        this.#idleTimer = undefined;
        this.#onIdle();
      }, this.#idleMs).unref();
  }

  /** No more audio is read: the clock stops and the socket is let go of. */
  stop(): void {
    this.#reading = false;
    this.#disarm();
    if (this.#holds.size === 0) return;
    this.#holds.clear();
    this.#socket.resume();
  }

  #disarm(): void {
    clearTimeout(this.#idleTimer);
    this.#idleTimer = undefined;
  }
}
