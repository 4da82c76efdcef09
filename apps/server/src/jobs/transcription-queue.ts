import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database.ts';
import type { VoiceNoteJobRow } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';

/**
 * A voice note's status is its job. A worker claims a note by taking a lease; while it works
 * it renews the lease; a worker that dies stops renewing, the lease runs out, and any worker
 * may claim the note again. Writes that finish a job check the lease is still theirs, so a
 * note completes exactly once even if a slow worker wakes up late.
 */
export class TranscriptionQueue {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  async claimNext(workerId: string, leaseMs: number, now = Date.now()): Promise<VoiceNoteJobRow | undefined> {
    let candidate = this.db
      .selectFrom('voice_notes')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([
            eb('status', '=', 'pending'),
            eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<=', now)]),
          ]),
          eb.and([eb('status', '=', 'processing'), eb('lease_expires_at', '<=', now)]),
        ]),
      )
      .orderBy('id')
      .limit(1);
    // PostgreSQL: concurrent claimers skip rows another transaction holds instead of queueing.
    // SQLite serialises writers, so the single UPDATE below is already atomic there.
    if (this.dialect === 'postgres') candidate = candidate.forUpdate().skipLocked();
    return this.db
      .updateTable('voice_notes')
      .set({
        status: 'processing',
        lease_owner: workerId,
        lease_expires_at: now + leaseMs,
        attempts: sql<number>`attempts + 1`,
        progress: 0,
        updated_at: now,
      })
      .where('id', '=', candidate)
      .returningAll()
      .executeTakeFirst();
  }

  /** Extends the lease; false means the note is no longer ours (expired and re-claimed, or deleted). */
  async renew(id: string, workerId: string, leaseMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('voice_notes')
      .set({ lease_expires_at: Date.now() + leaseMs })
      .where('id', '=', id)
      .where('lease_owner', '=', workerId)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Stores the transcript and records it as an engine version, in one transaction that
   * only commits while the lease is still ours: a note completes exactly once.
   */
  async complete(
    id: string,
    workerId: string,
    result: { transcript: string; segments: string; wordCount: number; durationSeconds: number },
  ): Promise<boolean> {
    const now = Date.now();
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('voice_notes')
        .set({
          status: 'done',
          transcript: result.transcript,
          segments: result.segments,
          word_count: result.wordCount,
          duration_seconds: result.durationSeconds,
          failure_reason: null,
          progress: 1,
          transcript_edited: 0,
          lease_owner: null,
          lease_expires_at: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('lease_owner', '=', workerId)
        .where('status', '=', 'processing')
        .returning('owner_id')
        .executeTakeFirst();
      if (!updated) return false;
      await trx
        .insertInto('transcript_versions')
        .values({
          id: newId(now),
          voice_note_id: id,
          owner_id: updated.owner_id,
          text: result.transcript,
          segments: result.segments,
          source: 'engine',
          created_at: now,
        })
        .execute();
      return true;
    });
  }

  /** Records how far the job is (0..1); ignored once the lease is no longer ours. */
  async setProgress(id: string, workerId: string, progress: number): Promise<boolean> {
    const result = await this.db
      .updateTable('voice_notes')
      .set({ progress: Math.min(1, Math.max(0, progress)) })
      .where('id', '=', id)
      .where('lease_owner', '=', workerId)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Marks the note failed with a reason a person can read. `durationSeconds`, when the audio
   * was decoded far enough to know it, is kept; otherwise the stored length is left as it is.
   */
  async fail(id: string, workerId: string, reason: string, durationSeconds?: number): Promise<boolean> {
    const updated = await this.db
      .updateTable('voice_notes')
      .set({
        status: 'failed',
        failure_reason: reason,
        ...(durationSeconds !== undefined ? { duration_seconds: durationSeconds } : {}),
        lease_owner: null,
        lease_expires_at: null,
        updated_at: Date.now(),
      })
      .where('id', '=', id)
      .where('lease_owner', '=', workerId)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  /**
   * Puts the note back in the queue, not to be claimed before `notBefore`; a length learnt
   * during the failed attempt is kept, so it survives even if no later attempt gets as far.
   */
  async retryLater(
    id: string,
    workerId: string,
    notBefore: number,
    durationSeconds?: number,
  ): Promise<boolean> {
    const updated = await this.db
      .updateTable('voice_notes')
      .set({
        status: 'pending',
        progress: 0,
        ...(durationSeconds !== undefined ? { duration_seconds: durationSeconds } : {}),
        lease_owner: null,
        lease_expires_at: notBefore,
        updated_at: Date.now(),
      })
      .where('id', '=', id)
      .where('lease_owner', '=', workerId)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  async counts(): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('voice_notes')
      .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
      .where('status', 'in', ['pending', 'processing'])
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.count)]));
  }
}
