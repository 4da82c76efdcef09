import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { listPads } from '../apps/server/src/pads/pads-repository.ts';
import { presentPad } from '../apps/server/src/pads/pad-presenter.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
const dir = process.argv[2]!;
const raw = new SQLite(`${dir}/voxpad.sqlite`);
const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
const owner = (raw.prepare('select owner_id from pads limit 1').get() as { owner_id: string }).owner_id;
const N = 5000;
async function time(label: string, f: () => unknown) {
  for (let i = 0; i < 500; i++) await f();
  const t = performance.now();
  for (let i = 0; i < N; i++) await f();
  console.log(label.padEnd(30), ((performance.now() - t) * 1000 / N).toFixed(1));
}
let captured: CompiledQuery | undefined;
const db2 = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }), log: (e) => { captured = e.query as CompiledQuery; } });
await listPads(db2, owner, undefined, 20);
const stmt = raw.prepare(captured!.sql);
const rows = await listPads(db, owner, undefined, 20);
await time('kysely listPads', () => listPads(db, owner, undefined, 20));
await time('kysely executeQuery compiled', () => db.executeQuery(captured!));
await time('raw prepare+all', () => raw.prepare(captured!.sql).all(...captured!.parameters));
await time('raw prepared all', () => stmt.all(...captured!.parameters));
await time('raw prepared raw()', () => stmt.raw(true).all(...captured!.parameters));
stmt.raw(false);
await time('present 20', () => rows.map(presentPad));
await time('JSON 20', () => JSON.stringify({ results: rows.map(presentPad), next: 'x', previous: null }));
