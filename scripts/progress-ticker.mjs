// The worker thread of progress.mjs: writes a line every `everyMs` straight to file descriptor
// `fd`, while the main thread is blocked in spawnSync.
import { writeSync } from 'node:fs';
import { workerData } from 'node:worker_threads';

const { line, began, everyMs, fd } = workerData;
setInterval(() => {
  const seconds = Math.round((Date.now() - began) / 1000);
  writeSync(fd, line.replace('%s', seconds >= 90 ? `${Math.round(seconds / 60)} min` : `${seconds} s`));
}, everyMs);
