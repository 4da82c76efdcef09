/**
 * Work this process runs at once: at most `total`, at most `perUser` of one user. Full means
 * refused at once (the caller answers 429), never queued: a queue of waiting uploads would
 * hold their memory and connections as surely as running them.
 */
export class ConcurrencySlots {
  private running = 0;
  private readonly byUser = new Map<string, number>();

  constructor(
    readonly total: number,
    readonly perUser: number,
  ) {}

  /** A release function (safe to call twice), or why no slot is free. */
  acquire(userId: string): { release: () => void } | { full: 'user' | 'process' } {
    const mine = this.byUser.get(userId) ?? 0;
    if (mine >= this.perUser) return { full: 'user' };
    if (this.running >= this.total) return { full: 'process' };
    this.running++;
    this.byUser.set(userId, mine + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.running--;
        const left = (this.byUser.get(userId) ?? 1) - 1;
        if (left > 0) this.byUser.set(userId, left);
        else this.byUser.delete(userId);
      },
    };
  }
}
