/**
 * The shared claim of leased jobs (lib/leased-jobs/claim-with-lease.ts, ADR 0052) on each
 * backend, through the summaries' claim: a live lease is left alone, claims running side by side
 * each take a different row (PostgreSQL skips rows being claimed), oldest first, counting the
 * attempt, and nothing is left to a claim after that. Rows are leased until far in the future,
 * so this app's own summaries runner, which claims at the present time, never takes them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { claimSummary } from '../../src/summaries/summaries-repository.ts';
import { signedUpClient } from '../support/http-client.ts';
import { createPad } from '../support/pad-notes.ts';
import { ownerOf, runningSummaryRow } from '../support/summary-rows.ts';
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
  const owner = await ownerOf(app.db, note.id);
  const rows = [0, 1, 2].map((i) =>
    runningSummaryRow(note.id, owner, Date.now() + i, 'summaries-dead', LEASED_UNTIL),
  );
  const ids = rows.map((row) => row.id);
  await app.db.insertInto('note_summaries').values(rows).execute();
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
