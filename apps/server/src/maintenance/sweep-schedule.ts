import { sweep, type SweepDeps } from './sweeper.ts';

/**
 * Runs the sweeper every `intervalMs` in the background (never two at once); stop() waits
 * for a running sweep. An interval of 0 never runs.
 */
export class SweepSchedule {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly run: () => Promise<void>,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      this.running ??= this.run().finally(() => {
        this.running = undefined;
      });
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}

/** The API process's periodic sweep: logs what each run removed, and a failure as a warning. */
export function periodicSweeps(deps: SweepDeps, intervalMs: number): SweepSchedule {
  return new SweepSchedule(async () => {
    await sweep(deps).then(
      (result) => deps.log.info({ ...result }, 'sweep finished'),
      (err: unknown) => deps.log.warn({ err }, 'sweep failed; it runs again at the next interval'),
    );
  }, intervalMs);
}
