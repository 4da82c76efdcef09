import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { requireUserId } from '../http/require-user.ts';
import type { QuotaGuard } from '../quotas/quota-guard.ts';
import { readStats } from './stats-service.ts';

export function registerStatsRoutes(app: FastifyInstance, deps: { db: Db; quotas: QuotaGuard }) {
  app.get('/stats/', async (request) => readStats(deps, await requireUserId(request)));
}
