import { STATS_DAYS, type Stats } from '@voxpad/shared/stats';
import { VOICE_NOTE_STATUSES } from '@voxpad/shared/voice-notes';
import type { Db } from '../db/database.ts';
import { colorOf } from '../pads/pad-presenter.ts';
import type { QuotaGuard } from '../quotas/quota-guard.ts';
import { padCount as countPads } from '../quotas/usage-repository.ts';
import * as stats from './stats-repository.ts';

export async function readStats(
  { db, quotas }: { db: Db; quotas: QuotaGuard },
  ownerId: string,
  now = Date.now(),
): Promise<Stats> {
  const today = Math.floor(now / stats.DAY_MS);
  const firstDay = today - (STATS_DAYS - 1);
  const [padCount, totals, byStatus, perDay, pads, storage] = await Promise.all([
    countPads(db, ownerId),
    stats.noteTotals(db, ownerId),
    stats.countByStatus(db, ownerId),
    stats.countPerDay(db, ownerId, firstDay),
    stats.perPad(db, ownerId),
    quotas.storageUsage(ownerId),
  ]);
  const statusCounts = Object.fromEntries(
    VOICE_NOTE_STATUSES.map((s) => [s, byStatus.get(s) ?? 0]),
  ) as Stats['status_counts'];
  return {
    pad_count: padCount,
    voice_note_count: totals.count,
    total_duration_seconds: totals.durationSeconds,
    average_duration_seconds: totals.averageDurationSeconds,
    transcribed_word_count: totals.words,
    status_counts: statusCounts,
    // Every day of the window, empty ones included, so charts need no gap filling.
    notes_per_day: Array.from({ length: STATS_DAYS }, (_, i) => {
      const day = firstDay + i;
      return {
        date: new Date(day * stats.DAY_MS).toISOString().slice(0, 10),
        count: perDay.get(day) ?? 0,
      };
    }),
    pads: pads.map((p) => ({
      id: p.id,
      name: p.name,
      color: colorOf(p.color),
      icon: p.icon,
      voice_note_count: p.voice_note_count,
      total_duration_seconds: Math.max(0, Math.round(p.total_duration_seconds * 1000) / 1000),
    })),
    queue: {
      pending: statusCounts.pending,
      processing: statusCounts.processing,
      failed: statusCounts.failed,
      // Only this user's jobs: how busy other people keep the server is theirs to know.
      depth: statusCounts.pending + statusCounts.processing,
    },
    storage,
    upload_max_bytes: quotas.uploadMaxBytes,
  };
}
