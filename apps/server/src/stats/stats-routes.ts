import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { requireUserId } from '../http/require-user.ts';
import { readStats } from './stats-service.ts';

export function registerStatsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/stats/', async (request) => readStats(db, await requireUserId(request)));
}
