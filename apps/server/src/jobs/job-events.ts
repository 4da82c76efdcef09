import { EventEmitter } from 'node:events';

/**
 * In-process notice that a voice note's job moved (claimed, progress written, finished,
 * failed, retried), fired by this process's runner after the database write. Listeners
 * read the database for the new state, which stays the source of truth; jobs run by
 * another process send no notice here, so listeners keep a slow poll as well.
 */
export class JobEvents {
  readonly #emitter = new EventEmitter();

  constructor() {
    // One listener per open progress stream on a note; streams are capped per user.
    this.#emitter.setMaxListeners(0);
  }

  changed(noteId: string): void {
    this.#emitter.emit(noteId);
  }

  /** Calls `listener` after each change of the note; returns the unsubscribe. */
  subscribe(noteId: string, listener: () => void): () => void {
    this.#emitter.on(noteId, listener);
    return () => {
      this.#emitter.off(noteId, listener);
    };
  }
}
