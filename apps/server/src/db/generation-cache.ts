import type { Db } from './database.ts';
import { generationOf } from './generation.ts';

/**
 * Values read from the database, reused while its generation (db/generation.ts) is unchanged,
 * that is while nothing they depend on was written. A read counts every commit completed before
 * its scope (a request) first read through a cache, in this process or any other. Without a
 * generation every read goes to the database. Bounded: the oldest entry goes first.
 */
export class GenerationCache<V> {
  readonly #entries = new Map<string, { generation: number; value: V }>();

  constructor(
    private readonly db: Db,
    /** Reads the value of a key from the database (given once: no closure per read). */
    private readonly load: (key: string) => Promise<V>,
    private readonly maxEntries = 10_000,
  ) {}

  /**
   * The value of `key`. On SQLite a hit answers at once, without a promise (every request reads
   * its session and its pad-list version here); callers `await` the answer either way.
   */
  read(key: string, scope?: object): V | Promise<V> {
    // Taken before loading: a value loaded after a write can only be labelled older than
    // it is, which throws it away early, never keeps it too long.
    const asked = generationOf(this.db)?.at(scope);
    // SQLite answers at once; only PostgreSQL's answer may have to wait.
    if (asked instanceof Promise) return asked.then((generation) => this.#readAt(key, generation));
    return this.#readAt(key, asked);
  }

  #readAt(key: string, generation: number | undefined): V | Promise<V> {
    if (generation === undefined) return this.load(key);
    const hit = this.#entries.get(key);
    if (hit && hit.generation === generation) return hit.value;
    return this.load(key).then((value) => {
      this.#entries.delete(key);
      if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
      this.#entries.set(key, { generation, value });
      return value;
    });
  }
}
