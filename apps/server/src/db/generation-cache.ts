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
    private readonly maxEntries = 10_000,
  ) {}

  async read(key: string, load: () => Promise<V>, scope?: object): Promise<V> {
    // Taken before loading: a value loaded after a write can only be labelled older than
    // it is, which throws it away early, never keeps it too long.
    const asked = generationOf(this.db)?.at(scope);
    // SQLite answers at once; only PostgreSQL's answer may have to wait (no await otherwise).
    const generation = asked instanceof Promise ? await asked : asked;
    if (generation === undefined) return load();
    const hit = this.#entries.get(key);
    if (hit && hit.generation === generation) return hit.value;
    const value = await load();
    this.#entries.delete(key);
    if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, { generation, value });
    return value;
  }
}
