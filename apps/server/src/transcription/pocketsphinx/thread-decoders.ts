/**
 * The decoders one worker thread keeps open (ADR 0040): the stock one and people's, keyed by
 * build id, at most `limit` in all (ADAPTATION_DECODERS_PER_WORKER, default 2), least recently
 * used closed first, the stock one too. So a thread that only decodes one person's notes holds
 * only their decoder once `limit` is 1, instead of it beside a stock decoder nobody uses (each
 * about 92 MiB). A closed stock decoder is opened again when a job needs it (0.5-2 s); a
 * person's in 0.7-2.7 s (bench/adapt/decoder-cost.ts). A new build of a person is a new key;
 * the old one ages out.
 */
import { PocketsphinxDecoder } from './decoder.ts';
import type { PersonalModelPaths } from '../personal-model.ts';
import type { ModelPaths } from './model.ts';

/** Build ids are the keys of people's decoders; this one cannot be a build id. */
const STOCK = '';

export class ThreadDecoders {
  readonly #open = new Map<string, PocketsphinxDecoder>();

  constructor(
    private readonly stock: ModelPaths,
    private readonly limit: number,
    private readonly openPersonal: (
      stock: ModelPaths,
      model: PersonalModelPaths,
    ) => PocketsphinxDecoder = PocketsphinxDecoder.openPersonal,
    private readonly openStock: (stock: ModelPaths) => PocketsphinxDecoder = PocketsphinxDecoder.open,
  ) {}

  /**
   * The decoder for `model` (the stock one without), opened if this thread has not got it open.
   * Throws if it cannot be opened.
   */
  get(model?: PersonalModelPaths): PocketsphinxDecoder {
    const key = model ? model.buildId : STOCK;
    const found = this.#open.get(key);
    if (found) {
      // Map order is the LRU order: re-inserting marks it most recently used.
      this.#open.delete(key);
      this.#open.set(key, found);
      return found;
    }
    // Make room first: the limit is the most a memory limit ever sees open at once.
    while (this.#open.size >= Math.max(1, this.limit)) this.#closeOldest();
    const opened = model ? this.openPersonal(this.stock, model) : this.openStock(this.stock);
    this.#open.set(key, opened);
    return opened;
  }

  /** Build ids held, least recently used first; the stock decoder is "stock". */
  held(): string[] {
    return [...this.#open.keys()].map((key) => (key === STOCK ? 'stock' : key));
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
