/**
 * A setup file for test files that must not run beside each other (the scale files: each
 * starts several server processes, PostgreSQL and S3 and loads two cores by itself), while
 * they still run beside every other file of the run. Vitest runs a project whose files may not
 * run in parallel only after every other file, alone, which made the end of the run a minute
 * and a half of one file at a time (ADR 0025, session 19). So these files are in the parallel
 * pool, the sequencer spreads them out (scripts/test-sequencer.mjs), and this lock lets one of
 * them run at a time should two meet: a directory created atomically, named for this Vitest
 * run, holding the process id of the file that has its turn; a holder that died leaves it to
 * the next.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** The run's lock: each file's process is a child of the one Vitest process of the run. */
const lock = path.join(os.tmpdir(), `voxpad-one-at-a-time-${process.ppid}`);
const owner = path.join(lock, 'pid');
const POLL_MS = 250;
/** Long enough for the two other files to finish on a loaded machine. */
const WAIT_LIMIT_MS = 600_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function tryTake(): boolean {
  try {
    fs.mkdirSync(lock);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    let holder: number;
    try {
      holder = Number(fs.readFileSync(owner, 'utf8'));
    } catch {
      return false; // taken a moment ago (its id not written yet) or just given back
    }
    if (!holder || alive(holder)) return false;
    // Its holder died without giving it back.
    fs.rmSync(lock, { recursive: true, force: true });
    return false;
  }
  fs.writeFileSync(owner, String(process.pid));
  return true;
}

beforeAll(async () => {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (!tryTake()) {
    if (Date.now() > deadline) throw new Error(`Waited ${WAIT_LIMIT_MS / 1000} s for ${lock}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}, WAIT_LIMIT_MS + 10_000);

afterAll(() => {
  fs.rmSync(lock, { recursive: true, force: true });
});
