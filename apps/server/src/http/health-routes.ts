import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';

/**
 * `/healthz`: the process is alive. `/readyz`: it can serve traffic: the database answers
 * and storage is writable; load balancers stop sending work when it fails (also during
 * shutdown).
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { db: Db; storage: BlobStorage; isShuttingDown: () => boolean },
) {
  app.get('/healthz', { logLevel: 'warn' }, () => ({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
    const checks: Record<string, 'ok' | string> = {};
    if (deps.isShuttingDown()) checks.shutdown = 'shutting down';
    try {
      await sql`select 1`.execute(deps.db);
      checks.database = 'ok';
    } catch (err) {
      request.log.warn({ err }, 'readiness: database check failed');
      checks.database = 'unreachable';
    }
    try {
      await deps.storage.check();
      checks.storage = 'ok';
    } catch (err) {
      request.log.warn({ err }, 'readiness: storage check failed');
      checks.storage = 'not writable';
    }
    const ready = Object.entries(checks).every(([, v]) => v === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });
}
