// A long synchronous step (spawnSync blocks the thread) still reports while it runs.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const script = `
import { spawnSync } from 'node:child_process';
import { step } from './progress.mjs';
const log = (m) => process.stdout.write('[v] ' + m + '\\n');
step('Installing things', { usually: 'about 4 s', log, prefix: '[v] ', everySeconds: 1 }, () =>
  spawnSync('sleep', ['4.5']),
);
try {
  step('Breaking things', { usually: 'at once', log, prefix: '[v] ', everySeconds: 1 }, () => {
    throw new Error('broken');
  });
} catch {}
`;

describe('progress of a long step', () => {
  it('announces it with its rough time, ticks while it blocks, and says how long it took', () => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: import.meta.dirname,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toBe('[v] Installing things (about 4 s)…');
    const ticks = lines.filter((line) => /^\[v\] … still installing things: \d s so far$/.test(line));
    // One a second while the step blocks for 4.5 s: at least two even on a busy machine.
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(lines).toContainEqual(expect.stringMatching(/^\[v\] Installing things: done in [4-9] s$/));
    expect(lines.at(-1)).toMatch(/^\[v\] Breaking things: failed after \d s$/);
  });
});
