/**
 * The personal decoders one worker thread keeps open beside its stock decoder (ADR 0040), keyed
 * by build id, least recently used closed first. Opening one costs 1.6-3.9 s and ~1.3x a stock
 * decoder's memory (ADR 0035), hence a small limit (PERSONAL_DECODERS_PER_WORKER, default 2).
 * A new build of a person is a new key; the old one ages out.
 */
import { PocketsphinxDecoder } from './decoder.ts';
import type { PersonalModelPaths } from '../personal-model.ts';
import type { ModelPaths } from './model.ts';

export class PersonalDecoders {
  readonly #open = new Map<string, PocketsphinxDecoder>();

  constructor(
    private readonly stock: ModelPaths,
    private readonly limit: number,
    private readonly openDecoder: (
      stock: ModelPaths,
      model: PersonalModelPaths,
    ) => PocketsphinxDecoder = PocketsphinxDecoder.openPersonal,
  ) {}

  /** The decoder for `model`, opened if this thread has not got it. Throws if it cannot be opened. */
  get(model: PersonalModelPaths): PocketsphinxDecoder {
    const found = this.#open.get(model.buildId);
    if (found) {
      // Map order is the LRU order: re-inserting marks it most recently used.
      this.#open.delete(model.buildId);
      this.#open.set(model.buildId, found);
      return found;
    }
    // Make room first: two personal decoders at once is the peak a memory limit sees.
    while (this.#open.size >= Math.max(1, this.limit)) this.#closeOldest();
    const opened = this.openDecoder(this.stock, model);
    this.#open.set(model.buildId, opened);
    return opened;
  }

  /** Build ids held, least recently used first. */
  held(): string[] {
    return [...this.#open.keys()];
  }

  close(): void {
    for (const decoder of this.#open.values()) decoder.close();
    this.#open.clear();
  }

  #closeOldest(): void {
    const oldest = this.#open.keys().next();
    if (oldest.done) return;
    this.#open.get(oldest.value)?.close();
    this.#open.delete(oldest.value);
  }
}
