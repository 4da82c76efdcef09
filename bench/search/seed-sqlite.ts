/**
 * Files the bench's notes straight into a SQLite database, fast: one transaction per batch
 * of 50,000 with prepared statements. The per-row search trigger (a search_rowid UPDATE and
 * two FTS inserts per note) is set aside for the batch and both FTS indexes are filled with
 * one INSERT ... SELECT each, which FTS5 merges in memory; the pads' count triggers stay on.
 * The trigger is put back inside the same transaction, so an interrupted seed leaves it.
 */
import SQLite from 'better-sqlite3';
import { NOTE_COLUMNS, noteRows, type PadRow, type TagRow } from './seed-rows.ts';

const BATCH = 50_000;
const FTS_COLUMNS = 'owner_id, title, transcript, spoken_transcript';

export interface SeedTarget {
  ownerId: string;
  have: number;
  total: number;
  end: number;
  pads: PadRow[];
  tags: TagRow[];
}

export function seedSqlite(file: string, target: SeedTarget, progress: (done: number) => void): void {
  const db = new SQLite(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('cache_size = -262144');
    const trigger = db
      .prepare<[], { sql: string }>(
        "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'voice_notes_search_insert'",
      )
      .get();
    if (!trigger) throw new Error('voice_notes_search_insert trigger missing: is the database migrated?');
    const havePads = db
      .prepare<[string], { id: string }>('SELECT id FROM pads WHERE owner_id = ? ORDER BY id')
      .all(target.ownerId);
    const haveTags = db
      .prepare<[string], { id: string }>('SELECT id FROM tags WHERE user_id = ? ORDER BY id')
      .all(target.ownerId);
    db.transaction(() => {
      if (havePads.length === 0) {
        const insert = db.prepare(
          'INSERT INTO pads (id, owner_id, name, description, created_at, updated_at) VALUES (@id, @owner_id, @name, @description, @created_at, @updated_at)',
        );
        for (const pad of target.pads) insert.run(pad);
      }
      if (haveTags.length === 0) {
        const insert = db.prepare(
          'INSERT INTO tags (id, user_id, name, name_key, created_at, updated_at) VALUES (@id, @user_id, @name, @name_key, @created_at, @updated_at)',
        );
        for (const tag of target.tags) insert.run(tag);
      }
    })();
    const pads = havePads.length > 0 ? havePads : target.pads;
    const tags = haveTags.length > 0 ? haveTags : target.tags;

    const insertNote = db.prepare(
      `INSERT INTO voice_notes (${NOTE_COLUMNS.join(', ')}, search_rowid)
       VALUES (${NOTE_COLUMNS.map((c) => `@${c}`).join(', ')}, @search_rowid)`,
    );
    const insertTag = db.prepare(
      'INSERT INTO voice_note_tags (id, user_id, note_id, tag_id, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    const maxRowid = db.prepare<[], { n: number | null }>('SELECT max(search_rowid) AS n FROM voice_notes');
    const index = (fts: string) =>
      db.prepare(
        `INSERT INTO ${fts}(rowid, ${FTS_COLUMNS}) SELECT search_rowid, ${FTS_COLUMNS} FROM voice_notes WHERE search_rowid > ?`,
      );
    const indexStems = index('voice_notes_fts');
    const indexWords = index('voice_notes_words');

    for (let done = target.have; done < target.total;) {
      const to = Math.min(target.total, done + BATCH);
      const rows = noteRows(target.ownerId, pads, tags, {
        from: done,
        to,
        total: target.total,
        end: target.end,
      });
      db.transaction(() => {
        db.exec('DROP TRIGGER voice_notes_search_insert');
        const base = maxRowid.get()?.n ?? 0;
        rows.forEach(({ tags: carried, ...row }, i) => {
          insertNote.run({ ...row, search_rowid: base + i + 1 });
          carried.forEach((tagId, t) =>
            insertTag.run(`${row.id}t${t}`, target.ownerId, row.id, tagId, row.created_at),
          );
        });
        indexStems.run(base);
        indexWords.run(base);
        db.exec(trigger.sql);
      })();
      done = to;
      progress(done);
    }
    db.exec('ANALYZE');
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}
