/**
 * GET/PATCH /api/v1/settings/: the account's product settings. Input is checked against the
 * shared schema; a field left out of a PATCH stays as it is.
 */
import type { FastifyInstance } from 'fastify';
import { updateSettingsSchema } from '@voxpad/shared/settings';
import type { Db } from '../db/database.ts';
import { parseInput } from '../http/api-problem.ts';
import { requireUserId } from '../http/require-user.ts';
import { readSettings, writeSettings } from './settings-repository.ts';

export function registerSettingsRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.get('/settings/', async (request) => readSettings(deps.db, await requireUserId(request)));

  app.patch('/settings/', async (request) => {
    const userId = await requireUserId(request);
    const change = parseInput(updateSettingsSchema, request.body);
    await writeSettings(deps.db, userId, change);
    return readSettings(deps.db, userId);
  });
}
