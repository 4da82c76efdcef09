/** Elapsed recording time, leaving out paused stretches. Times are milliseconds from one clock. */
export class RecordingClock {
  private pausedAt: number | null = null;
  private pausedMs = 0;

  constructor(private readonly startedAt: number) {}

  get paused(): boolean {
    return this.pausedAt !== null;
  }

  pause(now: number): void {
    if (this.pausedAt === null) this.pausedAt = now;
  }

  resume(now: number): void {
    if (this.pausedAt === null) return;
    this.pausedMs += now - this.pausedAt;
    this.pausedAt = null;
  }

  /** Seconds recorded by `now`. */
  elapsedSeconds(now: number): number {
    const pausedNow = this.pausedAt === null ? 0 : now - this.pausedAt;
    return Math.max(0, (now - this.startedAt - this.pausedMs - pausedNow) / 1000);
  }
}
