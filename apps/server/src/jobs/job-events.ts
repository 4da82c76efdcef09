import { EventEmitter } from 'node:events';

/** What a relay carries between processes: new work, or a note whose job moved. */
export type JobSignal = { kind: 'queued' } | { kind: 'changed'; noteId: string };

/** Carries signals to the other processes sharing the database (jobs/postgres-job-relay.ts). */
export interface JobRelay {
  publish(signal: JobSignal): void;
}

const QUEUED = Symbol('queued');

/**
 * Notice that there is new work (a note was queued) or that a note's job moved (claimed,
 * progress written, finished, failed, retried), sent after the database write. Listeners read
 * the database for the new state, which stays the source of truth. In one process the notice is
 * an event; with a relay (PostgreSQL LISTEN/NOTIFY) it also reaches every other API and worker
 * process at once. Listeners keep a slow poll as the fallback for a lost notice.
 */
export class JobEvents {
  readonly #emitter = new EventEmitter();
  #relay: JobRelay | undefined;

  constructor() {
    // One listener per open progress stream on a note; streams are capped per user.
    this.#emitter.setMaxListeners(0);
  }

  /** From now on, signals also go to the other processes. */
  relayTo(relay: JobRelay): void {
    this.#relay = relay;
  }

  changed(noteId: string): void {
    this.deliver({ kind: 'changed', noteId });
    this.#relay?.publish({ kind: 'changed', noteId });
  }

  queued(): void {
    this.deliver({ kind: 'queued' });
    this.#relay?.publish({ kind: 'queued' });
  }

  /** A signal from another process (or this one): tells this process's listeners only. */
  deliver(signal: JobSignal): void {
    if (signal.kind === 'queued') this.#emitter.emit(QUEUED);
    else this.#emitter.emit(signal.noteId);
  }

  /** Calls `listener` after each change of the note; returns the unsubscribe. */
  subscribe(noteId: string, listener: () => void): () => void {
    this.#emitter.on(noteId, listener);
    return () => {
      this.#emitter.off(noteId, listener);
    };
  }

  /** Calls `listener` whenever a note is queued in any process; returns the unsubscribe. */
  onQueued(listener: () => void): () => void {
    this.#emitter.on(QUEUED, listener);
    return () => {
      this.#emitter.off(QUEUED, listener);
    };
  }
}
