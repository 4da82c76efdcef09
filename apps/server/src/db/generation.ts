import type SQLite from 'better-sqlite3';

/**
 * A number that changes whenever anything in the database may have changed: every write
 * through this process's connection, and every commit by another connection (another API
 * process, a `ROLE=worker` process). Equal generations mean nothing was written in between,
 * so a value read from the database at one generation is still exact at the next request
 * with the same generation. Hot reads (the session, the pad-list version) are reused that
 * way instead of being read again on every request (ADR 0013).
 *
 * On SQLite it comes from the connection-level `PRAGMA data_version`; on PostgreSQL from this
 * process's own writes and the commits other processes announce (db/postgres-generation.ts).
 */
export interface Generation {
  /**
   * The generation counting every commit completed before `scope` (a request) first asked, or
   * before now without one; undefined when changes cannot be followed (PostgreSQL's listener
   * is down): read afresh.
   */
  at(scope?: object): number | undefined | Promise<number | undefined>;
}

export class SqliteGeneration implements Generation {
  readonly #dataVersion: SQLite.Statement;
  #lastDataVersion = -1;
  #generation = 0;
  /** The data version read in this turn of the event loop, if any. */
  #checked = false;

  constructor(sqlite: SQLite.Database) {
    this.#dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  }

  /** Called after every statement that may write, whether or not it changed anything. */
  noteWrite(): void {
    this.#generation++;
  }

  at(): number {
    return this.current();
  }

  current(): number {
    if (!this.#checked) {
      // Other connections' commits; read once per turn of the event loop (requests in the
      // same turn are concurrent anyway). Our own writes are counted as they happen.
      const version = this.#dataVersion.get() as number;
      if (version !== this.#lastDataVersion) {
        this.#lastDataVersion = version;
        this.#generation++;
      }
      this.#checked = true;
      setImmediate(() => {
        this.#checked = false;
      });
    }
    return this.#generation;
  }
}

/** By database handle (db/database.ts's Kysely instance); keyed loosely so this file needs none of it. */
const generations = new WeakMap<object, Generation>();

export function registerGeneration(db: object, generation: Generation): void {
  generations.set(db, generation);
}

/** The database's generation, or undefined when it has none (a tool's database). */
export function generationOf(db: object): Generation | undefined {
  return generations.get(db);
}
