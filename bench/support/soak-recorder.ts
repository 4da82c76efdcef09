/**
 * Requests of a load run by route: how many, how long (for percentiles), and what came back,
 * with the answers the workload did not expect (errors) counted by status and route.
 */
export class SoakRecorder {
  readonly #latencies = new Map<string, number[]>();
  readonly #statuses = new Map<number, number>();
  readonly #errors = new Map<string, number>();
  readonly #failures = new Map<string, number>();
  served = 0;

  record(route: string, status: number, ms: number, expected: boolean): void {
    this.served++;
    let list = this.#latencies.get(route);
    if (!list) this.#latencies.set(route, (list = []));
    list.push(ms);
    this.#statuses.set(status, (this.#statuses.get(status) ?? 0) + 1);
    if (!expected) {
      const key = `${status} ${route}`;
      this.#errors.set(key, (this.#errors.get(key) ?? 0) + 1);
    }
  }

  /** Answers the workload did not expect, by status. */
  errorsByStatus(): Map<number, number> {
    const byStatus = new Map<number, number>();
    for (const [key, count] of this.#errors) {
      const status = Number(key.split(' ')[0]);
      byStatus.set(status, (byStatus.get(status) ?? 0) + count);
    }
    return byStatus;
  }

  /** A request that got no HTTP answer at all (refused, reset, timed out). */
  transportFailure(route: string, error: unknown): void {
    const key = `${route}: ${error instanceof Error ? error.message : String(error)}`;
    this.#failures.set(key, (this.#failures.get(key) ?? 0) + 1);
  }

  get transportFailures(): number {
    return [...this.#failures.values()].reduce((a, b) => a + b, 0);
  }

  countWhere(test: (status: number) => boolean): number {
    let n = 0;
    for (const [status, count] of this.#statuses) if (test(status)) n += count;
    return n;
  }

  /** Lines for the report: statuses, errors, transport failures, then per-route latencies. */
  report(): string[] {
    const lines = ['responses by status (expected ones included, e.g. 401 after logout):'];
    for (const [status, count] of [...this.#statuses].sort((a, b) => a[0] - b[0])) {
      lines.push(`  ${status}: ${count}`);
    }
    lines.push(`errors (answers the workload did not expect): ${this.#errors.size === 0 ? 'none' : ''}`);
    for (const [key, count] of [...this.#errors].sort()) lines.push(`  ${key}: ${count}`);
    for (const [what, count] of this.#failures) lines.push(`  no answer (${what}): ${count}`);
    lines.push('latency per route (ms):');
    const width = Math.max(...[...this.#latencies.keys()].map((r) => r.length));
    for (const [route, list] of [...this.#latencies].sort((a, b) => a[0].localeCompare(b[0]))) {
      const sorted = [...list].sort((a, b) => a - b);
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
      lines.push(
        `  ${route.padEnd(width)}  n=${String(sorted.length).padStart(6)}  p50=${at(0.5).toFixed(1).padStart(7)}  p95=${at(0.95).toFixed(1).padStart(7)}  max=${sorted.at(-1)!.toFixed(1).padStart(7)}`,
      );
    }
    return lines;
  }
}
