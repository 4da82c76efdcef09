import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Generation } from './generation.ts';

/** Notified by triggers on every commit that changes a cached table (migration 0015). */
export const CACHE_CHANNEL = 'voxpad_cache';
/** Shown in pg_stat_activity for the listening connection. */
export const CACHE_SIGNALS_APPLICATION = 'voxpad-cache-signals';
const RECONNECT_MS = 1_000;
/** A round trip on the listener that takes longer than this means the connection is lost. */
const ROUND_TRIP_LIMIT_MS = 2_000;

/** When each scope (a request) first asked: its cached reads share that freshness point. */
const firstAsked = new WeakMap<object, number>();

function freshnessPoint(scope: object | undefined): number {
  if (!scope) return performance.now();
  let since = firstAsked.get(scope);
  if (since === undefined) {
    since = performance.now();
    firstAsked.set(scope, since);
  }
  return since;
}

interface RoundTrip {
  sentAt: number;
  done: Promise<void>;
}

/**
 * The generation of a PostgreSQL database as one process sees it (db/generation.ts). It moves
 * on after every write through this process's pool (counted by db/postgres-pool.ts, a
 * transaction at its end) and on every notification of CACHE_CHANNEL, which triggers send when
 * any process, node or tool commits a change to a cached table.
 *
 * A notification reaches this process some time after the commit returns to its writer (under
 * load, often after that writer has already answered its client). So the generation is only
 * given for a time once a round trip sent on the listening connection after that time has come
 * back: PostgreSQL signals listeners as a transaction commits, and a listener delivers what it
 * was signalled before the answer to a later query. Concurrent requests share one round trip.
 * The cached reads are therefore exact: a request sees every commit completed before it first
 * read through a cache (ADR 0023).
 *
 * Until it listens, and whenever its listening connection is lost, it has no generation, so
 * cached reads go to the database; listening again moves it on, since anything may have changed.
 */
export class PostgresGeneration implements Generation {
  #generation = 0;
  #listener: pg.Client | undefined;
  #log: FastifyBaseLogger | undefined;
  #closed = false;
  #reconnect: NodeJS.Timeout | undefined;
  /** The latest round trip sent on the listener, and when the latest one to come back was sent. */
  #roundTrip: RoundTrip | undefined;
  #caughtUpTo = -Infinity;
  #roundTrips = 0;

  constructor(private readonly url: string) {}

  async at(scope?: object): Promise<number | undefined> {
    const since = freshnessPoint(scope);
    while (this.#caughtUpTo < since) {
      const listener = this.#listener;
      if (!listener) return undefined;
      const pending = this.#roundTrip;
      if (pending && pending.sentAt >= since) {
        await pending.done;
      } else if (pending) {
        // Sent before `since`: it proves nothing for this read; the next one will.
        await pending.done;
        if (this.#roundTrip === pending) this.#roundTrip = undefined;
      } else {
        this.#roundTrip = this.#send(listener);
      }
    }
    return this.#listener ? this.#generation : undefined;
  }

  /** How many round trips this process has sent on its listener (for tests and diagnosis). */
  get roundTrips(): number {
    return this.#roundTrips;
  }

  /** A write through this process finished (or a transaction that wrote ended). */
  noteWrite(): void {
    this.#generation++;
  }

  /** Starts following other processes' commits; resolves once listening or after a first failure. */
  async listen(log: FastifyBaseLogger): Promise<void> {
    this.#log = log;
    await this.#connect();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#reconnect);
    const listener = this.#listener;
    this.#listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  /**
   * One round trip on the listener; never rejects (a failure drops the connection). It is sent
   * once the requests read in this turn of the event loop have asked (setImmediate runs after
   * the poll phase), so they share it: each round trip is a socket write that wakes PostgreSQL,
   * and a busy process sends fewer of them (ADR 0069). Until it is sent its `sentAt` is
   * +Infinity: every read that asks before then is covered by it.
   */
  #send(listener: pg.Client): RoundTrip {
    const roundTrip: RoundTrip = { sentAt: Infinity, done: Promise.resolve() };
    const lost = (err: Error) => {
      if (this.#listener !== listener) return;
      this.#listener = undefined;
      this.#log?.warn({ err }, 'cache signal connection lost; reading afresh until it is back');
      void listener.end().catch(() => undefined);
    };
    let late: NodeJS.Timeout | undefined;
    const done = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => {
        // The connection went while this waited: the reads find no listener and go to the database.
        if (this.#listener !== listener) return;
        const sentAt = performance.now();
        roundTrip.sentAt = sentAt;
        this.#roundTrips++;
        return Promise.race([
          // An empty query: nothing to parse or plan, yet it waits its turn behind the notifications.
          listener.query('').then(() => {
            this.#caughtUpTo = Math.max(this.#caughtUpTo, sentAt);
          }),
          new Promise<never>((_, reject) => {
            late = setTimeout(
              () => reject(new Error('the cache signal connection stopped answering')),
              ROUND_TRIP_LIMIT_MS,
            );
            late.unref();
          }),
        ]);
      })
      .catch((err: unknown) => lost(err instanceof Error ? err : new Error(String(err))))
      .finally(() => {
        clearTimeout(late);
        if (this.#roundTrip === roundTrip) this.#roundTrip = undefined;
      });
    roundTrip.done = done;
    return roundTrip;
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const listener = new pg.Client({
      connectionString: this.url,
      keepAlive: true,
      application_name: CACHE_SIGNALS_APPLICATION,
    });
    let gone = false;
    const lost = (err?: Error) => {
      if (this.#closed || gone) return;
      gone = true;
      if (this.#listener === listener) {
        this.#listener = undefined;
        this.#log?.warn({ err }, 'cache signal connection lost; reading afresh until it is back');
      }
      void listener.end().catch(() => undefined);
      clearTimeout(this.#reconnect);
      this.#reconnect = setTimeout(() => void this.#connect(), RECONNECT_MS);
    };
    listener.on('error', lost);
    listener.on('end', () => lost());
    listener.on('notification', (message) => {
      if (message.channel === CACHE_CHANNEL) this.#generation++;
    });
    try {
      await listener.connect();
      await listener.query(`LISTEN ${CACHE_CHANNEL}`);
    } catch (err) {
      lost(err instanceof Error ? err : undefined);
      return;
    }
    if (this.#closed) {
      await listener.end().catch(() => undefined);
      return;
    }
    // Whatever was committed while nobody listened is unknown: nothing cached before counts.
    this.#generation++;
    this.#caughtUpTo = -Infinity;
    this.#roundTrip = undefined;
    this.#listener = listener;
  }
}
