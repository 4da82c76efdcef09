/**
 * Closing the decoding pool while its thread is inside a native call. A thread ended inside a
 * koffi call, by terminate() or by the process exiting around it, makes koffi throw into a
 * terminating environment, which aborts the whole process ("FATAL ERROR:
 * Error::ThrowAsJavaScriptException napi_throw", exit code 134): a server shutting down mid-job
 * crashed, and so did test processes ("Worker exited unexpectedly" in CI). The pool used to
 * terminate a thread that had not exited within its grace, also one freeing its decoder after a
 * job. Each case runs in its own process, since the failure is the process dying.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./support/close-mid-decode.ts', import.meta.url));

function runScript(mode: 'decoding' | 'idle') {
  return spawnSync(process.execPath, ['--import', 'tsx', script, mode], {
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
    encoding: 'utf8',
    timeout: 150_000,
  });
}

describe('closing the pocketsphinx pool', () => {
  it('lets a thread finish its native decode instead of terminating it, and the process lives', () => {
    const run = runScript('decoding');
    expect(run.stderr).not.toContain('FATAL ERROR');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('closed while decoding: true');
  }, 160_000);

  it('waits for a thread to free its decoder after a job before the process may end', () => {
    const run = runScript('idle');
    expect(run.stderr).not.toContain('FATAL ERROR');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('closed after the job');
  }, 160_000);
});
