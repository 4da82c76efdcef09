/**
 * PostgreSQL claimers take turns under one advisory lock (jobs/transcription-queue.ts). A
 * claimer whose process stalls holding it (frozen, paused, swapped out) stopped every other
 * claimer until it woke: the faults test froze a worker with SIGSTOP and, once in a while, that
 * was inside its claim, and the other worker claimed nothing for 90 s. The claim transaction now
 * lets PostgreSQL end its session after 10 s idle, which frees the lock; the stalled claimer's
 * next statement fails, and its process lives on (db/database.ts listens on checked-out clients:
 * the lost connection was an unhandled 'error' that crashed it).
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../src/db/database.ts';
import { TranscriptionQueue } from '../../src/jobs/transcription-queue.ts';
import { signedUpClient } from '../support/http-client.ts';
import { createPad } from '../support/pad-notes.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { currentBackend } from '../support/test-database.ts';
import { uploadNote } from '../support/transcribed-notes.ts';
import { toneWav } from '../support/wav.ts';

/** Longer than the claim's stall limit (10 s), well inside the test's own timeout. */
const STALL_MS = 20_000;

/** Holds every query's result back for STALL_MS once it has taken the claim lock: a stalled process. */
class StallAfterClaimLock implements KyselyPlugin {
  readonly #lockQueries = new WeakSet<QueryId>();
  stalled = false;

  transformQuery(args: PluginTransformQueryArgs) {
    if (JSON.stringify(args.node).includes('pg_advisory_xact_lock')) this.#lockQueries.add(args.queryId);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs) {
    if (this.#lockQueries.has(args.queryId)) {
      this.stalled = true;
      await new Promise((resolve) => setTimeout(resolve, STALL_MS));
    }
    return args.result;
  }
}

describe.runIf(currentBackend() === 'postgres')('a claimer that stalls holding the claim lock', () => {
  let app: TestApp;
  let stalledDb: Db;

  beforeAll(async () => {
    // ROLE=api: no worker of the app's own claims the note.
    app = await startTestApp();
  });
  afterAll(async () => {
    await stalledDb?.destroy().catch(() => undefined);
    await app?.close();
  });

  it('no longer stops the other claimers: its session ends, the lock is freed', async () => {
    const { client } = await signedUpClient(app.baseUrl);
    const pad = await createPad(client, 'Claims');
    const note = await uploadNote(client, pad.id, { bytes: toneWav(0.5), type: 'audio/wav', name: 'n.wav' });
    if (app.config.database.kind !== 'postgres') throw new Error('expected PostgreSQL');

    const stall = new StallAfterClaimLock();
    stalledDb = createDatabase(app.config.database).withPlugin(stall);
    const stalledClaim = new TranscriptionQueue(stalledDb, 'postgres').claimNext('stalled', 60_000).then(
      (claimed) => ({ claimed }),
      (error: unknown) => ({ error }),
    );
    while (!stall.stalled) await new Promise((resolve) => setTimeout(resolve, 50));

    const began = Date.now();
    const claimed = await new TranscriptionQueue(app.db, 'postgres').claimNext('healthy', 60_000);
    const waitedMs = Date.now() - began;
    expect(claimed?.id).toBe(note.id);
    expect(waitedMs).toBeLessThan(STALL_MS - 4_000);

    // The stalled claimer, once it wakes, finds its session gone: its claim fails, nothing else.
    const outcome = await stalledClaim;
    expect(outcome).toHaveProperty('error');
    const row = await app.db
      .selectFrom('voice_notes')
      .select(['lease_owner'])
      .where('id', '=', note.id)
      .executeTakeFirstOrThrow();
    expect(row.lease_owner).toBe('healthy');
    // Its pool goes on with a new connection.
    expect((await sql<{ one: number }>`select 1 as one`.execute(stalledDb)).rows).toEqual([{ one: 1 }]);
    process.stdout.write(`[stalled-claimer] the other claimer waited ${waitedMs} ms\n`);
  }, 90_000);
});
