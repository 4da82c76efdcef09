import type { Db } from './database.ts';
import { generationOf } from './generation.ts';

/**
 * Values read from the database, reused while its generation (db/generation.ts) is unchanged,
 * that is while nothing at all was written. Without a generation (PostgreSQL) every read
 * goes to the database. Bounded: the oldest entry goes first.
 */
export class GenerationCache<V> {
  readonly #entries = new Map<string, { generation: number; value: V }>();

  constructor(
    private readonly db: Db,
    private readonly maxEntries = 10_000,
  ) {}

  async read(key: string, load: () => Promise<V>): Promise<V> {
    // Taken before loading: a value loaded after a write can only be labelled older than
    // it is, which throws it away early, never keeps it too long.
    const generation = generationOf(this.db)?.current();
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
