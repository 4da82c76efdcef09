import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import type { AdaptationStateRow } from '../../db/schema.ts';

/** What a finished build learnt from and where its files are. */
export interface BuildResult {
  buildId: string;
  languageBuiltAt: number;
  /** Null when there was not enough corrected audio: the acoustic model of an earlier build stays. */
  acoustic: { builtAt: number; seconds: number } | null;
  correctedSeconds: number;
  notesUsed: number;
  textWordsUsed: number;
  vocabularyWords: number;
  lmWeight: number;
  lmPerplexities: Record<string, number>;
  /** The gain measured on held-out notes (ADR 0043); null: not measured, and an older figure goes. */
  gain: { werBefore: number; werAfter: number; notes: number; seconds: number } | null;
  sourceHash: string;
}

/**
 * The one owner of `adaptation_states` (ADR 0038): a person's row is their adaptation state and
 * their rebuild job. A rebuild is queued by the person (POST) or by the auto-rebuild check; any
 * worker process claims it with a lease it renews while it builds; a build that lost its lease
 * (the person deleted everything, or another worker took over) stores nothing.
 */
export class AdaptationQueue {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  read(userId: string): Promise<AdaptationStateRow | undefined> {
    return this.db
      .selectFrom('adaptation_states')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * Queues a rebuild now. While one runs, it is noted and runs again when that one ends (the
   * text it read may already be old); a queued one stays as it is.
   */
  async request(userId: string, now = Date.now()): Promise<void> {
    await this.db
      .insertInto('adaptation_states')
      .values({ user_id: userId, status: 'queued', queued_at: now, updated_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          status: sql`case when adaptation_states.status = 'running' then 'running' else 'queued' end`,
          rebuild_requested: sql`case when adaptation_states.status = 'running' then 1 else 0 end`,
          queued_at: sql`case when adaptation_states.status in ('queued', 'running') then adaptation_states.queued_at else ${now} end`,
          attempts: sql`case when adaptation_states.status = 'running' then adaptation_states.attempts else 0 end`,
          error: sql`case when adaptation_states.status = 'running' then adaptation_states.error else null end`,
          updated_at: now,
        }),
      )
      .execute();
  }

  /** Claims the oldest queued rebuild, or one whose worker stopped renewing its lease. */
  async claimNext(
    workerId: string,
    leaseMs: number,
    now = Date.now(),
  ): Promise<AdaptationStateRow | undefined> {
    let candidate = this.db
      .selectFrom('adaptation_states')
      .select('user_id')
      .where((eb) =>
        eb.or([
          eb('status', '=', 'queued'),
          eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<=', now)]),
        ]),
      )
      .orderBy('queued_at')
      .limit(1);
    if (this.dialect === 'postgres') candidate = candidate.forUpdate().skipLocked();
    return this.db
      .updateTable('adaptation_states')
      .set({
        status: 'running',
        lease_owner: workerId,
        lease_expires_at: now + leaseMs,
        attempts: sql<number>`attempts + 1`,
        updated_at: now,
      })
      .where('user_id', '=', candidate)
      .returningAll()
      .executeTakeFirst();
  }

  /** Extends the lease; false when the job is no longer this worker's (deleted, or taken over). */
  async renew(userId: string, workerId: string, leaseMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('adaptation_states')
      .set({ lease_expires_at: Date.now() + leaseMs })
      .where('user_id', '=', userId)
      .where('lease_owner', '=', workerId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Records a finished build, only while the lease is ours. Returns the build it replaced (whose
   * files the caller removes), or false when the build no longer belongs to anyone.
   */
  async complete(
    userId: string,
    workerId: string,
    build: BuildResult,
    now = Date.now(),
  ): Promise<{ replaced: string | null } | false> {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('adaptation_states')
        .select(['build_id'])
        .where('user_id', '=', userId)
        .where('lease_owner', '=', workerId)
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (!before) return false;
      await trx
        .updateTable('adaptation_states')
        .set({
          ...finished(now),
          build_id: build.buildId,
          language_built_at: build.languageBuiltAt,
          ...(build.acoustic
            ? { acoustic_built_at: build.acoustic.builtAt, acoustic_seconds: build.acoustic.seconds }
            : { acoustic_built_at: null, acoustic_seconds: 0 }),
          corrected_seconds: build.correctedSeconds,
          notes_used: build.notesUsed,
          text_words_used: build.textWordsUsed,
          vocabulary_words: build.vocabularyWords,
          lm_weight: build.lmWeight,
          lm_perplexities: JSON.stringify(build.lmPerplexities),
          gain_wer_before: build.gain?.werBefore ?? null,
          gain_wer_after: build.gain?.werAfter ?? null,
          gain_notes: build.gain?.notes ?? null,
          gain_seconds: build.gain?.seconds ?? null,
          source_hash: build.sourceHash,
          error: null,
          status: sql`case when rebuild_requested = 1 then 'queued' else 'ready' end`,
        })
        .where('user_id', '=', userId)
        .execute();
      return { replaced: before.build_id };
    });
  }

  /** Records a failed build with a reason a person can read; the model built before stays in use. */
  async fail(userId: string, workerId: string, reason: string, now = Date.now()): Promise<boolean> {
    const result = await this.db
      .updateTable('adaptation_states')
      .set({
        ...finished(now),
        error: reason,
        status: sql`case when rebuild_requested = 1 then 'queued' else 'failed' end`,
      })
      .where('user_id', '=', userId)
      .where('lease_owner', '=', workerId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Forgets everything learnt: the row goes, so a running build can store nothing. */
  async forget(userId: string): Promise<void> {
    await this.db.deleteFrom('adaptation_states').where('user_id', '=', userId).execute();
  }

  /** Users whose state row still points at `buildId` (blob clean-up asks before removing files). */
  async buildInUse(userId: string, buildId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('adaptation_states')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('build_id', '=', buildId)
      .executeTakeFirst();
    return row !== undefined;
  }
}

function finished(now: number) {
  return {
    lease_owner: null,
    lease_expires_at: null,
    rebuild_requested: 0,
    queued_at: sql<number | null>`case when rebuild_requested = 1 then ${now} else queued_at end`,
    updated_at: now,
  };
}
