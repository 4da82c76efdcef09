import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type { PostgresGeneration } from './postgres-generation.ts';

/** Statements that never change a row: reads and transaction or session bookkeeping. */
const READ_ONLY = /^\s*(select|begin|start transaction|savepoint|release|show|set|listen|unlisten)\b/i;
const TRANSACTION_START = /^\s*(begin|start transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|rollback|end|abort)\s*;?\s*$/i;

/**
 * The pool Kysely draws connections from, counting this process's writes into the generation
 * as they finish: a statement outside a transaction at once, one inside a transaction again
 * when the transaction ends, so a value read between a write and its commit is thrown away.
 * Closing the pool stops following other processes' commits as well.
 */
export function countingPool(pool: pg.Pool, generation: PostgresGeneration): PostgresPool {
  return {
    connect: async () => countingClient(await pool.connect(), generation),
    end: async () => {
      await generation.close();
      await pool.end();
    },
  };
}

function countingClient(client: pg.PoolClient, generation: PostgresGeneration): PostgresPoolClient {
  /** A write ran on this connection since its transaction began (or since the last count). */
  let wrote = false;
  const counted = (text: string, run: Promise<unknown>) => {
    if (TRANSACTION_START.test(text)) wrote = false;
    const ends = TRANSACTION_END.test(text);
    const writes = !ends && !READ_ONLY.test(text);
    if (!writes && !ends) return run;
    if (writes) wrote = true;
    const count = () => {
      if (!wrote) return;
      generation.noteWrite();
      if (ends) wrote = false;
    };
    return run.finally(count);
  };
  const query = ((textOrCursor: unknown, parameters?: readonly unknown[]) => {
    if (typeof textOrCursor !== 'string') {
      // A streaming cursor (Kysely's stream()): used for reads only.
      return client.query(textOrCursor as pg.Submittable);
    }
    return counted(textOrCursor, client.query(textOrCursor, parameters as unknown[]));
  }) as PostgresPoolClient['query'];
  return {
    query,
    release: () => {
      wrote = false;
      client.release();
    },
  };
}
