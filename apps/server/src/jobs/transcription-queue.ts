import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database.ts';
import type { VoiceNoteJobRow } from '../db/schema.ts';
import { type EngineTranscript, storeEngineTranscript } from '../transcripts/transcript-store.ts';

/** Any fixed number: the advisory lock PostgreSQL claimers take turns under ("voxq"). */
const CLAIM_LOCK_KEY = 0x766f7871;
/** How long a claim transaction may sit idle (its process stalled) before PostgreSQL ends it. */
const CLAIM_STALL_LIMIT = '10s';

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
    /**
     * Jobs of one user running at once (JOBS_PER_USER_CONCURRENCY); the app sets it, tests
     * that drive the queue by hand may leave it unbounded.
     */
    private readonly perUserConcurrency = Infinity,
  ) {}

  /**
   * Claims the next job fairly: among claimable notes, one whose owner has the fewest jobs
   * running (then the oldest), never one whose owner already runs perUserConcurrency. So a
   * user who queues a hundred notes holds at most that many workers, and someone else's
   * single note starts at the next free worker instead of after the hundred.
   */
  async claimNext(workerId: string, leaseMs: number, now = Date.now()): Promise<VoiceNoteJobRow | undefined> {
    if (this.dialect === 'sqlite') return this.claim(this.db, workerId, leaseMs, now);
    // Counting an owner's running jobs and claiming one more must not interleave with another
    // claimer doing the same, or both could see "one running" and make it three. Claims are
    // short, so PostgreSQL claimers take turns under a transaction-scoped advisory lock (READ
    // COMMITTED: the claim then sees every earlier claim committed); SQLite serialises writers.
    // A claimer that stalls holding the lock (a frozen or paused process) would stop every other
    // claimer: its session is ended once idle in the transaction for CLAIM_STALL_LIMIT, which
    // frees the lock (waiting for the lock is not idle, so waiting claimers are never ended).
    return this.db.transaction().execute(async (trx) => {
      await sql`select set_config('idle_in_transaction_session_timeout', ${CLAIM_STALL_LIMIT}, true)`.execute(
        trx,
      );
      await sql`select pg_advisory_xact_lock(${CLAIM_LOCK_KEY})`.execute(trx);
      return this.claim(trx, workerId, leaseMs, now);
    });
  }

  private claim(
    db: Db,
    workerId: string,
    leaseMs: number,
    now: number,
  ): Promise<VoiceNoteJobRow | undefined> {
    const running = db
      .selectFrom('voice_notes')
      .select((eb) => ['owner_id', eb.fn.countAll<number>().as('jobs')])
      .where('status', '=', 'processing')
      .where('lease_expires_at', '>', now)
      .groupBy('owner_id')
      .as('running');
    const ownerJobs = sql<number>`coalesce(running.jobs, 0)`;
    let candidate = db
      .selectFrom('voice_notes as v')
      .leftJoin(running, 'running.owner_id', 'v.owner_id')
      .select('v.id')
      .where((eb) =>
        eb.or([
          eb.and([
            eb('v.status', '=', 'pending'),
            eb.or([eb('v.lease_expires_at', 'is', null), eb('v.lease_expires_at', '<=', now)]),
          ]),
          eb.and([eb('v.status', '=', 'processing'), eb('v.lease_expires_at', '<=', now)]),
        ]),
      )
      .orderBy(ownerJobs)
      .orderBy('v.id')
      .limit(1);
    if (Number.isFinite(this.perUserConcurrency)) {
      candidate = candidate.where(ownerJobs, '<', this.perUserConcurrency);
    }
    // PostgreSQL: skip rows another transaction holds (a note being deleted) instead of waiting.
    if (this.dialect === 'postgres') candidate = candidate.forUpdate('v').skipLocked();
    return db
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
   * Marks the job done and has the transcript store keep its result, in one transaction that
   * only commits while the lease is still ours: a note completes exactly once.
   */
  async complete(
    id: string,
    workerId: string,
    result: { transcript: EngineTranscript; durationSeconds: number },
  ): Promise<boolean> {
    const now = Date.now();
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('voice_notes')
        .set({
          status: 'done',
          duration_seconds: result.durationSeconds,
          failure_reason: null,
          progress: 1,
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
      return storeEngineTranscript(trx, { id, ownerId: updated.owner_id }, result.transcript, now);
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

  /** Puts a note whose transcription failed back in the queue; false when it is not failed (any more). */
  async retryFailed(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('voice_notes')
      .set(requeuedColumns())
      .where('id', '=', id)
      .where('status', '=', 'failed')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Queues a finished or failed note for a new transcription with the given engine and language;
   * `beforeRequeue` runs in the same transaction (to keep text a person typed). False when the
   * note is already being transcribed.
   */
  async retranscribe(
    id: string,
    options: RetranscribeOptions,
    beforeRequeue?: (trx: Db) => Promise<void>,
  ): Promise<boolean> {
    return (await this.retranscribeEach([id], options, beforeRequeue)).length > 0;
  }

  /**
   * Queues each of `ids` that is finished or failed, in one statement and one transaction;
   * `beforeRequeue` runs inside it for every note queued. Answers the ids queued: the others
   * are being transcribed already (or gone).
   */
  async retranscribeEach(
    ids: readonly string[],
    options: RetranscribeOptions,
    beforeRequeue?: (trx: Db, id: string) => Promise<void>,
  ): Promise<string[]> {
    if (ids.length === 0) return [];
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .updateTable('voice_notes')
        .set({
          ...requeuedColumns(),
          engine: options.engine,
          language: options.language,
          ...(options.speakersHint === undefined ? {} : { speakers_hint: options.speakersHint }),
        })
        .where('id', 'in', ids)
        .where('status', 'in', ['done', 'failed'])
        .returning('id')
        .execute();
      const queued = rows.map((row) => row.id);
      for (const id of queued) await beforeRequeue?.(trx, id);
      return queued;
    });
  }

  /** Depth and age of the queue, for metrics. */
  async snapshot(
    now = Date.now(),
  ): Promise<{ pending: number; processing: number; oldestPendingAgeSeconds: number }> {
    const counts = await this.counts();
    const oldest = await this.db
      .selectFrom('voice_notes')
      .select((eb) => eb.fn.min<number>('created_at').as('created_at'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    const createdAt = oldest?.created_at == null ? undefined : Number(oldest.created_at);
    return {
      pending: counts.pending ?? 0,
      processing: counts.processing ?? 0,
      oldestPendingAgeSeconds: createdAt === undefined ? 0 : Math.max(0, (now - createdAt) / 1000),
    };
  }

  /**
   * Fails a note no worker holds (pending, or its lease ran out), for the sweeper when its
   * audio is gone: a worker could never transcribe it. A live lease is left to its worker.
   */
  async failUnclaimed(id: string, reason: string, now = Date.now()): Promise<boolean> {
    const updated = await this.db
      .updateTable('voice_notes')
      .set({
        status: 'failed',
        failure_reason: reason,
        lease_owner: null,
        lease_expires_at: null,
        updated_at: now,
      })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'pending'),
          eb.and([eb('status', '=', 'processing'), eb('lease_expires_at', '<=', now)]),
        ]),
      )
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

/** What a re-transcription asks for; null means the server's engine, the engine's language. */
export interface RetranscribeOptions {
  engine: string | null;
  language: string | null;
  /** How many people speak (1..8), null to find out; absent keeps what the note had (ADR 0053). */
  speakersHint?: number | null;
}

/** The job columns of a note that waits for its first transcription. */
export function queuedColumns() {
  return { status: 'pending' as const, failure_reason: null, lease_owner: null, lease_expires_at: null };
}

/** The job columns of a note queued again (retry, re-transcription): a fresh start. */
export function requeuedColumns(now = Date.now()) {
  return { ...queuedColumns(), attempts: 0, progress: 0, updated_at: now };
}

/** The job columns of a note filed with its transcript already made: nothing left to do. */
export function finishedColumns() {
  return {
    status: 'done' as const,
    failure_reason: null,
    progress: 1,
    lease_owner: null,
    lease_expires_at: null,
  };
}
