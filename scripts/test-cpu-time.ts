/**
 * A setup file that records the CPU time each test file costs, for the test-times reporter
 * (scripts/test-times-reporter.mjs): this process's own (its threads included: the decoder
 * threads run in it) and that of the child processes it started and has reaped (built servers,
 * Chromium, ffmpeg, sox). The run is CPU-bound on two cores, so CPU, not wall time, says which
 * files make it long: a file's wall time grows with whatever else runs beside it.
 */
import fs from 'node:fs';
import { afterAll, beforeAll } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    /** CPU milliseconds of this file: its process, and its reaped children. */
    cpuMs?: number;
    childCpuMs?: number;
  }
}

const ticksPerSecond = 100;

/** CPU ms of the reaped children of this process (Linux: /proc/self/stat cutime + cstime). */
function childrenCpuMs(): number {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command: state is field 3, cutime and cstime are fields 16 and 17.
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / ticksPerSecond;
  } catch {
    return 0;
  }
}

let ownAtStart = process.cpuUsage();
let childrenAtStart = 0;

beforeAll(() => {
  ownAtStart = process.cpuUsage();
  childrenAtStart = childrenCpuMs();
});

// Vitest reads a hook's first parameter as fixtures to set up, so it must be a pattern; none is used.
// eslint-disable-next-line no-empty-pattern
afterAll(({}, suite) => {
  const own = process.cpuUsage(ownAtStart);
  const children = childrenCpuMs() - childrenAtStart;
  suite.meta.cpuMs = Math.round((own.user + own.system) / 1000 + children);
  suite.meta.childCpuMs = Math.round(children);
});
