import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { JobEvents, JobRelay, JobSignal } from './job-events.ts';

/** The one channel every Voxpad process listens on. */
export const JOB_CHANNEL = 'voxpad_jobs';
const RECONNECT_MS = 1_000;
/** Signals waiting to be sent beyond which more are dropped (the database is not answering). */
const MAX_PENDING_SIGNALS = 1_000;

/**
 * Job signals between processes over PostgreSQL's LISTEN/NOTIFY: a note queued through one API
 * process wakes the workers of every process at once, and a worker's progress reaches a browser
 * connected to any API process. One dedicated connection listens and reconnects after a database
 * restart; while it is down, processes fall back to polling. A signal is a hint, never the truth:
 * listeners read the database.
 */
export class PostgresJobRelay implements JobRelay {
  readonly #origin = randomUUID();
  #listener: pg.Client | undefined;
  #sender: pg.Client | undefined;
  #closed = false;
  #reconnect: NodeJS.Timeout | undefined;
  /** The signals sent so far, in order: each waits for the one before it. */
  #sending: Promise<void> = Promise.resolve();
  #pending = 0;

  constructor(
    private readonly url: string,
    private readonly events: JobEvents,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.events.relayTo(this);
    await this.connect();
  }

  publish(signal: JobSignal): void {
    const payload = JSON.stringify(
      signal.kind === 'queued' ? { o: this.#origin, q: 1 } : { o: this.#origin, n: signal.noteId },
    );
    const sender = this.#sender;
    if (!sender) return;
    // One statement at a time on the connection: node-postgres queues a second query sent
    // before the first is answered, but warns that it will refuse it from pg 9 on.
    if (this.#pending >= MAX_PENDING_SIGNALS) return; // a hint: other processes will poll
    this.#pending++;
    this.#sending = this.#sending
      .then(() => sender.query('select pg_notify($1, $2)', [JOB_CHANNEL, payload]))
      .then(
        () => undefined,
        (err: unknown) => this.log.warn({ err }, 'could not send a job signal; other processes will poll'),
      )
      .finally(() => this.#pending--);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#reconnect);
    await Promise.all([this.#listener?.end(), this.#sender?.end()].map((p) => p?.catch(() => undefined)));
  }

  private async connect(): Promise<void> {
    if (this.#closed) return;
    const listener = new pg.Client({ connectionString: this.url });
    const sender = new pg.Client({ connectionString: this.url });
    const lost = (err?: Error) => {
      if (this.#closed || this.#listener !== listener) return;
      this.log.warn({ err }, 'job signal connection lost; reconnecting');
      this.#listener = undefined;
      this.#sender = undefined;
      void listener.end().catch(() => undefined);
      void sender.end().catch(() => undefined);
      this.#reconnect = setTimeout(() => void this.connect(), RECONNECT_MS);
    };
    listener.on('error', lost);
    listener.on('end', () => lost());
    sender.on('error', lost);
    listener.on('notification', (message) => {
      if (message.channel !== JOB_CHANNEL || !message.payload) return;
      const signal = parse(message.payload);
      if (signal && signal.origin !== this.#origin) this.events.deliver(signal.signal);
    });
    try {
      await listener.connect();
      await sender.connect();
      await listener.query(`LISTEN ${JOB_CHANNEL}`);
    } catch (err) {
      await Promise.all([listener.end(), sender.end()].map((p) => p.catch(() => undefined)));
      if (this.#closed) return;
      this.log.warn({ err }, 'could not listen for job signals; retrying');
      this.#reconnect = setTimeout(() => void this.connect(), RECONNECT_MS);
      return;
    }
    if (this.#closed) {
      await Promise.all([listener.end(), sender.end()].map((p) => p.catch(() => undefined)));
      return;
    }
    this.#listener = listener;
    this.#sender = sender;
    // Whatever was queued while we were not listening: let the workers look now.
    this.events.deliver({ kind: 'queued' });
  }
}

function parse(payload: string): { origin: string; signal: JobSignal } | undefined {
  try {
    const value = JSON.parse(payload) as { o?: unknown; q?: unknown; n?: unknown };
    if (typeof value.o !== 'string') return undefined;
    if (value.q === 1) return { origin: value.o, signal: { kind: 'queued' } };
    if (typeof value.n === 'string') return { origin: value.o, signal: { kind: 'changed', noteId: value.n } };
  } catch {
    // Not ours.
  }
  return undefined;
}
