/**
 * bm25_tf, the search's ranking function on SQLite (native/bm25-tf.c, ADR 0070): FTS5's bm25()
 * without the inverse document frequency. With one phrase in the MATCH that frequency is a
 * factor every row shares, so both must rank the same rows in the same order; the test run's
 * databases must have it (a build that lost it would only make search slower, never wrong,
 * so nothing else would notice).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../src/db/database.ts';
import { hasBm25Tf } from '../../src/db/sqlite-extensions.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-bm25-tf-'));
let db: Db;
beforeAll(() => {
  db = createDatabase({ kind: 'sqlite', file: path.join(dir, 'rank.sqlite') });
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

// A small vocabulary, so that words and phrases repeat within and across rows.
const WORDS = ['meeting', 'budget', 'you', 'thank', 'plans', 'garden', 'the', 'rain', 'call', 'called'];
const text = fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 40 }).map((w) => w.join(' '));
const row = fc.record({ owner: fc.constantFrom('a', 'b'), title: text, body: text });
const query = fc.oneof(
  fc.constantFrom(...WORDS).map((w) => `"${w}"`),
  fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS)).map(([a, b]) => `"${a} ${b}"`),
  fc.constantFrom('ca', 'me', 'th', 'gard').map((p) => `"${p}"*`),
  fc.constantFrom(...WORDS).map((w) => `{title} : "${w}"`),
);

async function ranked(fn: 'bm25' | 'bm25_tf', match: string): Promise<number[]> {
  const rows = await sql<{ rowid: number }>`
    SELECT rowid FROM rank_fts WHERE rank_fts MATCH ${match}
    ORDER BY ${sql.raw(fn)}(rank_fts, 0.0, 10.0, 1.0), rowid DESC`.execute(db);
  return rows.rows.map((r) => r.rowid);
}

describe('bm25_tf', () => {
  it('is loaded into the SQLite databases the server opens', () => {
    expect(hasBm25Tf(db)).toBe(true);
  });

  it('ranks the rows of a one-phrase match in the order bm25() does', async () => {
    await sql`CREATE VIRTUAL TABLE rank_fts USING fts5(owner_id, title, body, tokenize = 'porter unicode61')`.execute(
      db,
    );
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 60 }), query, async (rows, match) => {
        await sql`DELETE FROM rank_fts`.execute(db);
        for (const r of rows) {
          await sql`INSERT INTO rank_fts (owner_id, title, body) VALUES (${r.owner}, ${r.title}, ${r.body})`.execute(
            db,
          );
        }
        expect(await ranked('bm25_tf', match)).toEqual(await ranked('bm25', match));
      }),
      { numRuns: 150 },
    );
  });

  it('scores lower (better) for more occurrences and for a match in the weighted column', async () => {
    await sql`DELETE FROM rank_fts`.execute(db);
    await sql`INSERT INTO rank_fts (rowid, owner_id, title, body) VALUES
      (1, 'a', 'rain', 'the garden'), (2, 'a', 'garden', 'rain rain rain'), (3, 'a', 'garden', 'rain')`.execute(
      db,
    );
    const scores = await sql<{ rowid: number; score: number }>`
      SELECT rowid, bm25_tf(rank_fts, 0.0, 10.0, 1.0) AS score FROM rank_fts
      WHERE rank_fts MATCH '"rain"' ORDER BY rowid`.execute(db);
    const [title, thrice, once] = scores.rows.map((r) => r.score);
    expect(title).toBeLessThan(thrice!);
    expect(thrice).toBeLessThan(once!);
    expect(once).toBeLessThan(0);
  });
});
