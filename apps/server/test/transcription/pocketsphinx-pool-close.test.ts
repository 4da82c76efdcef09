/**
 * Closing the decoding pool while a thread is inside a native decode. Terminating such a thread
 * made koffi throw into a terminating environment, which aborts the whole process ("FATAL ERROR:
 * Error::ThrowAsJavaScriptException napi_throw", exit code 134): a server shutting down mid-job
 * crashed, and so, now and then, did a test process. Run in its own process, since the failure
 * is the process dying.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./support/close-mid-decode.ts', import.meta.url));

describe('closing the pocketsphinx pool', () => {
  it('lets a thread finish its native call instead of terminating it, and the process lives', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      cwd: fileURLToPath(new URL('../../', import.meta.url)),
      encoding: 'utf8',
      timeout: 150_000,
    });
    expect(run.stderr).not.toContain('FATAL ERROR');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('closed while decoding: true');
  }, 160_000);
});
