/**
 * Keeping job tables bounded per parent (lib/leased-jobs/prune-finished.ts) on each backend,
 * through both tables that use it: a note's summary versions and a webhook's log. Of one parent's
 * rows the newest `keep` stay, finished or not; older finished rows go; an older row still
 * waiting or running stays, and another parent's rows are left alone. Waiting and running rows
 * are leased or due far in the future, so this app's own runners never take them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDeliveryRow } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { listSummaries, pruneSummaries } from '../../src/summaries/summaries-repository.ts';
import { listDeliveries, pruneDeliveries } from '../../src/webhooks/deliveries-repository.ts';
import { signedUpClient } from '../support/http-client.ts';
import { createPad } from '../support/pad-notes.ts';
import { ownerOf, runningSummaryRow, summaryRow } from '../support/summary-rows.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { uploadNote } from '../support/transcribed-notes.ts';
import { toneWav } from '../support/wav.ts';

const FAR = Date.UTC(2100, 0, 1);
let app: TestApp;
let owner: string;
let notes: [string, string];

beforeAll(async () => {
  app = await startTestApp();
  const { client } = await signedUpClient(app.baseUrl);
  const pad = await createPad(client, 'Pruning');
  const upload = (name: string) =>
    uploadNote(client, pad.id, { bytes: toneWav(0.2), type: 'audio/wav', name }).then((note) => note.id);
  notes = [await upload('a.wav'), await upload('b.wav')];
  owner = await ownerOf(app.db, notes[0]);
});
afterAll(() => app.close());

/** The kinds of row a scenario lists, oldest first; `live` is waiting or running. */
type Kind = 'done' | 'failed' | 'live';

/** Each scenario: the parent's rows oldest first, `keep`, and which of them are left. */
const SCENARIOS: { name: string; rows: Kind[]; keep: number; left: number[] }[] = [
  {
    name: 'finished rows beyond the newest keep go; an older waiting or running one stays',
    rows: ['done', 'live', 'failed', 'done', 'failed', 'done'],
    keep: 3,
    left: [1, 3, 4, 5],
  },
  { name: 'exactly keep rows: none goes', rows: ['done', 'failed', 'done'], keep: 3, left: [0, 1, 2] },
  { name: 'fewer than keep rows: none goes', rows: ['done', 'failed'], keep: 3, left: [0, 1] },
  {
    name: 'the newest keep stay even when they are all waiting or running',
    rows: ['done', 'live', 'live'],
    keep: 2,
    left: [1, 2],
  },
];

/** The ids of rows listed newest first, oldest first. */
function oldestFirst(rows: { id: string }[]): string[] {
  return rows.map((row) => row.id).reverse();
}

/** Row ids made `at` successive milliseconds, so ids order them oldest first. */
let clock = Date.now();
function nextAt(): number {
  clock += 1;
  return clock;
}

describe('summary versions', () => {
  it.each(SCENARIOS)('$name', async ({ rows, keep, left }) => {
    const [note, other] = notes;
    const row = (noteId: string, kind: Kind) => {
      const at = nextAt();
      if (kind === 'live') return runningSummaryRow(noteId, owner, at, 'summaries-elsewhere', FAR);
      return summaryRow(noteId, owner, at, kind === 'failed' ? { status: 'failed', summary: null } : {});
    };
    // The notes are shared by the scenarios: each starts from none of their versions.
    await app.db.deleteFrom('note_summaries').where('voice_note_id', 'in', notes).execute();
    const otherRows = [row(other, 'done'), row(other, 'failed')];
    const written = rows.map((kind) => row(note, kind));
    await app.db
      .insertInto('note_summaries')
      .values([...otherRows, ...written])
      .execute();

    await pruneSummaries(app.db, note, keep);

    const ids = async (noteId: string) => oldestFirst(await listSummaries(app.db, owner, noteId, 100));
    expect(await ids(note)).toEqual(left.map((i) => written[i]?.id));
    expect(await ids(other)).toEqual(otherRows.map((r) => r.id));
  });
});

describe("a webhook's log", () => {
  /** A webhook that asks for no events and is off, so nothing the app does writes to its log. */
  async function webhook(): Promise<string> {
    const id = newId();
    const now = Date.now();
    await app.db
      .insertInto('webhooks')
      .values({
        id,
        user_id: owner,
        url: 'https://hooks.example/prune',
        events: '[]',
        description: '',
        secret_sealed: 'unused',
        enabled: 0,
        disabled_reason: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  function delivery(webhookId: string, kind: Kind): WebhookDeliveryRow {
    const at = nextAt();
    const finished = kind !== 'live';
    return {
      id: newId(at),
      webhook_id: webhookId,
      user_id: owner,
      event: 'note.created',
      payload: '{}',
      status: kind === 'live' ? 'pending' : kind === 'done' ? 'succeeded' : 'failed',
      attempts: 1,
      next_attempt_at: finished ? null : FAR,
      lease_owner: null,
      lease_expires_at: null,
      response_status: finished ? 200 : null,
      response_excerpt: null,
      error: null,
      duration_ms: 5,
      created_at: at,
      last_attempt_at: at,
    };
  }

  it.each(SCENARIOS)('$name', async ({ rows, keep, left }) => {
    const [hook, other] = [await webhook(), await webhook()];
    const otherRows = [delivery(other, 'done'), delivery(other, 'failed')];
    const written = rows.map((kind) => delivery(hook, kind));
    await app.db
      .insertInto('webhook_deliveries')
      .values([...otherRows, ...written])
      .execute();

    await pruneDeliveries(app.db, hook, keep);

    const ids = async (webhookId: string) =>
      oldestFirst(await listDeliveries(app.db, owner, webhookId, undefined, 100));
    expect(await ids(hook)).toEqual(left.map((i) => written[i]?.id));
    expect(await ids(other)).toEqual(otherRows.map((r) => r.id));
  });
});
