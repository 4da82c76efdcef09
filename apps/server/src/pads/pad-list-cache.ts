import type { Cursor } from '../lib/cursor.ts';

/**
 * Pages of pad lists already serialised, each remembered with the version of its owner's
 * pad list it was built from (users.pads_version, raised by triggers on every change). A
 * page is only reused while the version read from the database at the start of a request
 * is still the one it was built from, so a change made by any process or node shows at once.
 * Bounded: the least recently used page goes first.
 */
export class PadListCache {
  private readonly pages = new Map<string, { version: number; body: string }>();
  /** The key at the young end of the order: asked again, it stays where it is. */
  private youngest: string | undefined;

  constructor(private readonly maxPages = 10_000) {}

  static key(ownerId: string, limit: number, cursor: Cursor | undefined): string {
    return `${ownerId} ${limit} ${cursor ? `${cursor.direction} ${cursor.id}` : 'first'}`;
  }

  get(key: string, version: number): string | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (page.version !== version) {
      this.pages.delete(key);
      return undefined;
    }
    if (key !== this.youngest) {
      // Re-inserting moves the page to the young end of the Map's order. Not for the page
      // already there: a delete and a set on every hit cost more than the rest of the lookup.
      this.pages.delete(key);
      this.pages.set(key, page);
      this.youngest = key;
    }
    return page.body;
  }

  set(key: string, version: number, body: string): void {
    this.pages.delete(key);
    if (this.pages.size >= this.maxPages) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, { version, body });
    this.youngest = key;
  }
}
