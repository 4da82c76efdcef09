/**
 * Files the bench's notes straight into a PostgreSQL database, fast: multi-row INSERTs that
 * pass each column as one array (unnest), 5,000 rows a statement, one transaction per 50,000.
 * The GIN search index (and the RUM one of migration 0034, when there) is dropped for the seed
 * and built once after it (with a large maintenance_work_mem): keeping it up row by row costs several times more. The generated
 * search_document column is computed as rows go in, as it is for every note. The pads' totals
 * trigger is off during each batch and the totals are summed once at the end, as migration
 * 0003 sums them: row by row, 50,000 updates of the same 100 pad rows in one transaction walk
 * ever longer chains of row versions (the seed ran at 200 notes/s).
 */
import pg from 'pg';
import {
  CREATE_RECENT_SEARCH_INDEX,
  RECENT_SEARCH_INDEX,
} from '../../apps/server/src/db/migrations/0034-recent-search-index.ts';
import { NOTE_COLUMNS, noteRows } from './seed-rows.ts';
import type { SeedTarget } from './seed-sqlite.ts';

const BATCH = 50_000;
const STATEMENT_ROWS = 5_000;
/** As migration 0017 makes it. */
export const SEARCH_INDEX =
  'CREATE INDEX IF NOT EXISTS voice_notes_search_idx ON voice_notes USING gin (search_document)';

const TYPES: Record<(typeof NOTE_COLUMNS)[number], string> = {
  id: 'text',
  pad_id: 'text',
  owner_id: 'text',
  title: 'text',
  status: 'text',
  failure_reason: 'text',
  content_type: 'text',
  size_bytes: 'bigint',
  storage_key: 'text',
  duration_seconds: 'double precision',
  transcript: 'text',
  segments: 'text',
  word_count: 'integer',
  created_at: 'bigint',
  updated_at: 'bigint',
};

export async function seedPostgres(
  url: string,
  target: SeedTarget,
  progress: (done: number) => void,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let pads = (
      await client.query<{ id: string }>('SELECT id FROM pads WHERE owner_id = $1 ORDER BY id', [
        target.ownerId,
      ])
    ).rows;
    if (pads.length === 0) {
      for (const p of target.pads) {
        await client.query(
          'INSERT INTO pads (id, owner_id, name, description, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6)',
          [p.id, p.owner_id, p.name, p.description, p.created_at, p.updated_at],
        );
      }
      pads = target.pads;
    }
    let tags = (
      await client.query<{ id: string }>('SELECT id FROM tags WHERE user_id = $1 ORDER BY id', [
        target.ownerId,
      ])
    ).rows;
    if (tags.length === 0) {
      for (const t of target.tags) {
        await client.query(
          'INSERT INTO tags (id, user_id, name, name_key, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6)',
          [t.id, t.user_id, t.name, t.name_key, t.created_at, t.updated_at],
        );
      }
      tags = target.tags;
    }
    const bulk = target.total - target.have > BATCH;
    // The RUM index (migration 0034, where the server has the extension) likewise.
    const recentIndex =
      ((await client.query('SELECT 1 FROM pg_indexes WHERE indexname = $1', [RECENT_SEARCH_INDEX]))
        .rowCount ?? 0) > 0;
    if (bulk) {
      await client.query('DROP INDEX IF EXISTS voice_notes_search_idx');
      await client.query(`DROP INDEX IF EXISTS ${RECENT_SEARCH_INDEX}`);
    }
    const insertNotes = `INSERT INTO voice_notes (${NOTE_COLUMNS.join(', ')})
      SELECT * FROM unnest(${NOTE_COLUMNS.map((c, i) => `$${i + 1}::${TYPES[c]}[]`).join(', ')})`;
    const insertTags = `INSERT INTO voice_note_tags (id, user_id, note_id, tag_id, created_at)
      SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[])`;
    for (let done = target.have; done < target.total;) {
      const to = Math.min(target.total, done + BATCH);
      const rows = noteRows(target.ownerId, pads, tags, {
        from: done,
        to,
        total: target.total,
        end: target.end,
      });
      await client.query('BEGIN');
      await client.query('ALTER TABLE voice_notes DISABLE TRIGGER voice_notes_pad_totals');
      for (let at = 0; at < rows.length; at += STATEMENT_ROWS) {
        const part = rows.slice(at, at + STATEMENT_ROWS);
        await client.query(
          insertNotes,
          NOTE_COLUMNS.map((c) => part.map((row) => row[c])),
        );
        const links = part.flatMap((row) =>
          row.tags.map(
            (tagId, t) => [`${row.id}t${t}`, row.owner_id, row.id, tagId, row.created_at] as const,
          ),
        );
        if (links.length > 0)
          await client.query(
            insertTags,
            [0, 1, 2, 3, 4].map((k) => links.map((l) => l[k])),
          );
      }
      await client.query('ALTER TABLE voice_notes ENABLE TRIGGER voice_notes_pad_totals');
      await client.query('COMMIT');
      done = to;
      progress(done);
    }
    await client.query(
      `UPDATE pads SET
         voice_note_count = (SELECT count(*) FROM voice_notes v WHERE v.pad_id = pads.id),
         total_duration_seconds = (SELECT coalesce(sum(v.duration_seconds), 0) FROM voice_notes v WHERE v.pad_id = pads.id)
       WHERE owner_id = $1`,
      [target.ownerId],
    );
    await client.query("SET maintenance_work_mem = '1GB'");
    await client.query(SEARCH_INDEX);
    if (recentIndex) await client.query(CREATE_RECENT_SEARCH_INDEX);
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}
