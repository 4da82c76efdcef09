/**
 * The shared claim of leased jobs (lib/leased-jobs/claim-with-lease.ts, ADR 0052) on each
 * backend, through the summaries' claim: a live lease is left alone, claims running side by side
 * each take a different row (PostgreSQL skips rows being claimed), oldest first, counting the
 * attempt, and nothing is left to a claim after that. Rows are leased until far in the future,
 * so this app's own summaries runner, which claims at the present time, never takes them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { claimSummary } from '../../src/summaries/summaries-repository.ts';
import { signedUpClient } from '../support/http-client.ts';
import { createPad } from '../support/pad-notes.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { uploadNote } from '../support/transcribed-notes.ts';
import { toneWav } from '../support/wav.ts';

const LEASED_UNTIL = Date.UTC(2100, 0, 1);
const LEASE_MS = 60_000;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

it('claims the oldest row whose lease ran out, a different one for each of claims side by side', async () => {
  const { client } = await signedUpClient(app.baseUrl);
  const pad = await createPad(client, 'Leases');
  const note = await uploadNote(client, pad.id, { bytes: toneWav(0.2), type: 'audio/wav', name: 'n.wav' });
  const { owner_id } = await app.db
    .selectFrom('voice_notes')
    .select('owner_id')
    .where('id', '=', note.id)
    .executeTakeFirstOrThrow();
  const ids = [0, 1, 2].map((i) => newId(Date.now() + i));
  await app.db
    .insertInto('note_summaries')
    .values(
      ids.map((id) => ({
        id,
        voice_note_id: note.id,
        owner_id,
        status: 'running' as const,
        summary: null,
        action_items: '[]',
        title: null,
        model: 'tiny-model',
        endpoint: 'llm.example:11434',
        error: null,
        attempts: 1,
        lease_owner: 'summaries-dead',
        lease_expires_at: LEASED_UNTIL,
        created_at: Date.now(),
        finished_at: null,
      })),
    )
    .execute();
  const dialect = app.config.database.kind;
  const claim = (worker: string, now: number) => claimSummary(app.db, dialect, worker, LEASE_MS, now);

  // Still leased: nobody takes them.
  expect(await claim('summaries-early', LEASED_UNTIL - 1)).toBeUndefined();

  const after = LEASED_UNTIL + 1;
  const claimed = await Promise.all(['a', 'b', 'c'].map((worker) => claim(`summaries-${worker}`, after)));
  expect(claimed.map((row) => row?.id).sort()).toEqual(ids);
  for (const row of claimed) {
    expect(row).toMatchObject({ status: 'running', attempts: 2, lease_expires_at: after + LEASE_MS });
    expect(row?.lease_owner).toMatch(/^summaries-[abc]$/);
  }
  expect(new Set(claimed.map((row) => row?.lease_owner)).size).toBe(3);
  // Their new leases are live: nothing is left to claim.
  expect(await claim('summaries-late', after)).toBeUndefined();
  // One claim alone takes the oldest first once all leases ran out.
  expect((await claim('summaries-next', after + LEASE_MS))?.id).toBe(ids[0]);
});
