/**
 * Tasks that share a key run one after another, in the order they came; tasks with different
 * keys run at once. For a check-then-write that must see the writes before it, within one
 * process (e.g. an owner's racing upload creations, each counting the ones before it).
 */
export class KeyedTurns {
  /** The end of each key's queue: settles when the last task given for the key has ended. */
  readonly #tails = new Map<string, Promise<void>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.#tails.get(key) ?? Promise.resolve();
    let done!: () => void;
    const tail = new Promise<void>((resolve) => (done = resolve));
    this.#tails.set(key, tail);
    await before;
    try {
      return await task();
    } finally {
      done();
      // The last in line clears its key, so the map holds only keys with work.
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    }
  }

  /** Keys with a task running or waiting, for tests. */
  get size(): number {
    return this.#tails.size;
  }
}
