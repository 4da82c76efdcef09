/**
 * Decoder threads shared by the transcribers of one process (ADR 0025). Each thread loads the
 * model once (about a CPU second, and ~95 MB); a process that builds one app for its lifetime
 * loads it once either way, but the test suites build hundreds of apps, one after another, in
 * a few processes, and each loaded the model anew: in six API files, 18 loads cost more CPU
 * than decoding their 98 s of audio.
 *
 * Transcribers asking for the same pool (same worker entry, model, size and personal-decoder
 * bound) share one. When the last one closes, the pool closes at once (`keepMs` 0, the
 * default), or after `keepMs` unless another transcriber takes it meanwhile. Idle threads are
 * unref'd (pool.ts), so a kept pool never holds the process open.
 */
import { type PoolOptions, WorkerPool } from './pool.ts';

interface SharedPool {
  pool: WorkerPool;
  users: number;
  timer: NodeJS.Timeout | undefined;
}

export interface SharedPoolLease {
  readonly pool: WorkerPool;
  /** This user is done with the pool; the last one closes it (after `keepMs`). */
  release(): Promise<void>;
}

const pools = new Map<string, SharedPool>();

function keyOf(options: PoolOptions): string {
  const { entry, size, modelDir, decodersPerThread } = options;
  return JSON.stringify([entry.filename, entry.argv, size, modelDir, decodersPerThread]);
}

export function acquireSharedPool(options: PoolOptions, keepMs: number): SharedPoolLease {
  const key = keyOf(options);
  let shared = pools.get(key);
  if (!shared) {
    shared = { pool: new WorkerPool(options), users: 0, timer: undefined };
    pools.set(key, shared);
  }
  clearTimeout(shared.timer);
  shared.timer = undefined;
  shared.users += 1;
  const held = shared;
  let released = false;

  const close = async (): Promise<void> => {
    if (pools.get(key) === held) pools.delete(key);
    await held.pool.close();
  };

  return {
    pool: held.pool,
    async release(): Promise<void> {
      if (released) return;
      released = true;
      held.users -= 1;
      if (held.users > 0) return;
      if (keepMs <= 0) return close();
      held.timer = setTimeout(() => {
        if (held.users === 0) void close();
      }, keepMs);
      held.timer.unref();
    },
  };
}
