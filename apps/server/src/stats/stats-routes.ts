import type { FastifyInstance } from 'fastify';
import type { Stats } from '@voxpad/shared/stats';
import { VOICE_NOTE_STATUSES } from '@voxpad/shared/voice-notes';
import type { Db } from '../db/database.ts';
import { requireUserId } from '../http/require-user.ts';

export async function readStats(db: Db, ownerId: string): Promise<Stats> {
  const [pads, notes, byStatus] = await Promise.all([
    db
      .selectFrom('pads')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('voice_notes')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.coalesce(eb.fn.sum<number>('duration_seconds'), eb.val(0)).as('duration'),
        eb.fn.coalesce(eb.fn.sum<number>('word_count'), eb.val(0)).as('words'),
      ])
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('voice_notes')
      .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
      .where('owner_id', '=', ownerId)
      .groupBy('status')
      .execute(),
  ]);
  const statusCounts = Object.fromEntries(VOICE_NOTE_STATUSES.map((s) => [s, 0])) as Stats['status_counts'];
  for (const row of byStatus) statusCounts[row.status] = Number(row.count);
  return {
    pad_count: Number(pads.count),
    voice_note_count: Number(notes.count),
    total_duration_seconds: Number(notes.duration),
    transcribed_word_count: Number(notes.words),
    status_counts: statusCounts,
  };
}

export function registerStatsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/stats/', async (request) => readStats(db, await requireUserId(request)));
}
