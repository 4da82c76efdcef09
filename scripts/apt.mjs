// apt-get that waits for the package lock instead of failing at once. On a fresh cloud machine,
// unattended-upgrades or cloud-init hold the lock for minutes after boot; apt's own
// DPkg::Lock::Timeout covers `install` but not the lists lock `update` takes (apt 2.6).
import { spawnSync } from 'node:child_process';

const LOCK_MESSAGE = /Could not get lock|Unable to lock directory|Unable to acquire the dpkg frontend lock/;

/**
 * Runs `apt-get args` (through `prefix`, e.g. ["sudo", "-n"]), retrying while another process
 * holds an apt or dpkg lock, for up to `timeoutSeconds`. Anything else fails at once.
 */
export function aptGet(
  args,
  { prefix = [], env = process.env, timeoutSeconds = 600, pollSeconds = 5, log } = {},
) {
  const deadline = Date.now() + timeoutSeconds * 1000;
  const withTimeout = ['-o', `DPkg::Lock::Timeout=${timeoutSeconds}`, ...args];
  const [command, ...pre] = [...prefix, 'apt-get'];
  let announced = false;
  for (;;) {
    const result = spawnSync(command, [...pre, ...withTimeout], {
      env,
      stdio: ['ignore', 'inherit', 'pipe'],
      encoding: 'utf8',
    });
    if (result.error) throw result.error;
    if (result.status === 0) {
      if (result.stderr) process.stderr.write(result.stderr);
      return;
    }
    const locked = LOCK_MESSAGE.test(result.stderr ?? '');
    if (!locked || Date.now() >= deadline) {
      process.stderr.write(result.stderr ?? '');
      const why = locked
        ? `the apt lock was still held after ${timeoutSeconds} s`
        : `exited with ${result.status}`;
      const error = new Error(`apt-get ${args.join(' ')}: ${why}`);
      error.exitCode = result.status ?? 1;
      throw error;
    }
    if (!announced) {
      const holder = /held by process (\d+ \([^)]*\))/.exec(result.stderr)?.[1];
      log?.(
        `Another package manager${holder ? ` (process ${holder})` : ''} is using apt; waiting up to ${timeoutSeconds} s for it to finish…`,
      );
      announced = true;
    }
    sleepSeconds(pollSeconds);
  }
}

function sleepSeconds(seconds) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, seconds * 1000);
}
