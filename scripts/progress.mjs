// Says what a long, quiet step is doing: its name and rough time up front, a line every half
// minute while it runs, and how long it took. The steps run synchronously (spawnSync blocks
// this thread), so the ticks come from a worker thread (progress-ticker.mjs) that writes
// straight to the terminal.
import { Worker } from 'node:worker_threads';

export function duration(ms) {
  const seconds = Math.round(ms / 1000);
  return seconds >= 90 ? `${(seconds / 60).toFixed(1)} min` : `${seconds} s`;
}

/**
 * Runs `work` (synchronous) as the step `title`, announced through `log` with its rough time
 * (`usually`), ticking every `everySeconds` on file descriptor `fd` with `prefix` before each tick.
 */
export function step(title, { usually, log, prefix = '', everySeconds = 30, fd = 1 }, work) {
  log(`${title} (${usually})…`);
  const began = Date.now();
  const ticker = new Worker(new URL('./progress-ticker.mjs', import.meta.url), {
    execArgv: [],
    workerData: {
      line: `${prefix}… still ${lowerFirst(title)}: %s so far\n`,
      began,
      everyMs: everySeconds * 1000,
      fd,
    },
  });
  ticker.unref();
  let result;
  try {
    result = work();
  } catch (error) {
    void ticker.terminate();
    log(`${title}: failed after ${duration(Date.now() - began)}`);
    throw error;
  }
  void ticker.terminate();
  log(`${title}: done in ${duration(Date.now() - began)}`);
  return result;
}

function lowerFirst(text) {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
