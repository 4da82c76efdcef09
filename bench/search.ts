/**
 * `npm run bench:search`: search latency with 100,000 voice notes (about 5 million
 * transcript words of spoken-English text) owned by one user, the worst case for
 * ranking, on SQLite and on PostgreSQL. Requests go over HTTP to the real app, one at a
 * time, and cover whole words (common, middling, rare), several words, phrases and
 * search-as-you-type (every prefix while a word is typed). Target: p95 <= 50 ms.
 *
 * Seeding takes minutes, so the databases are kept and reused: SQLite under
 * BENCH_DATA_DIR (default: the system temp dir), PostgreSQL in BENCH_POSTGRES_URL
 * (default postgres://postgres@127.0.0.1:5432/voxpad_bench). BENCH_DATABASES picks the
 * backends (default "sqlite,postgres").
 */
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/config.ts';
import type { Db } from '../apps/server/src/db/database.ts';
import { newId } from '../apps/server/src/lib/ids.ts';
import { BENCH_ENV, BenchClient } from './support/browser.ts';
import { random, spokenWord, transcript, VOCABULARY } from './support/transcripts.ts';

const NOTES = Number(process.env.BENCH_NOTES ?? 100_000);
const PADS = 100;
const TARGET_P95_MS = 50;
const USER = 'searcher';
const PASSWORD = 'bench password for search';
const backends = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((b) => b.trim());
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'voxpad-bench-search');
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/voxpad_bench';

async function ensurePostgresDatabase(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', '')}"`);
  await client.end();
}

/** Pads and notes straight into the tables (triggers keep the search index), in big transactions. */
async function seed(db: Db, ownerId: string, have: number) {
  const rand = random(20_241_121 + have);
  const started = Date.now();
  const year = 365 * 24 * 3600 * 1000;
  let pads = await db.selectFrom('pads').select('id').where('owner_id', '=', ownerId).execute();
  if (pads.length < PADS) {
    const now = Date.now() - year;
    const rows = Array.from({ length: PADS - pads.length }, (_, i) => ({
      id: newId(now + i),
      owner_id: ownerId,
      name: `${spokenWord(rand)} ${spokenWord(rand)}`,
      description: Array.from({ length: 8 }, () => spokenWord(rand)).join(' '),
      created_at: now + i,
      updated_at: now + i,
    }));
    await db.insertInto('pads').values(rows).execute();
    pads = await db.selectFrom('pads').select('id').where('owner_id', '=', ownerId).execute();
  }
  const batch = 500;
  for (let done = have; done < NOTES;) {
    await db.transaction().execute(async (trx) => {
      for (let b = 0; b < 10 && done < NOTES; b++) {
        const rows = [];
        for (let i = 0; i < batch && done < NOTES; i++, done++) {
          const at = Date.now() - year + Math.floor((done / NOTES) * year);
          const text = transcript(rand, 20 + Math.floor(rand() * 61));
          const title = Array.from(
            { length: 2 + Math.floor(rand() * 4) },
            () => VOCABULARY[50 + Math.floor(rand() * 5000)],
          ).join(' ');
          const id = newId(at);
          rows.push({
            id,
            pad_id: pads[Math.floor(rand() * pads.length)]!.id,
            owner_id: ownerId,
            title: title.charAt(0).toUpperCase() + title.slice(1),
            status: 'done' as const,
            failure_reason: null,
            content_type: 'audio/webm',
            size_bytes: Math.round(text.durationSeconds * 4000),
            storage_key: `audio/${ownerId}/${id}.webm`,
            duration_seconds: text.durationSeconds,
            transcript: text.text,
            segments: text.segments,
            word_count: text.wordCount,
            lease_owner: null,
            lease_expires_at: null,
            created_at: at,
            updated_at: at,
          });
        }
        await trx.insertInto('voice_notes').values(rows).execute();
      }
    });
    const rate = (done - have) / ((Date.now() - started) / 1000);
    process.stdout.write(`\r  seeded ${done}/${NOTES} notes (${rate.toFixed(0)}/s)`);
  }
  process.stdout.write('\n');
}

interface Query {
  kind: string;
  q: string;
}

/** The same queries for both backends, from a fixed seed. */
function queries(): Query[] {
  const rand = random(7);
  const pick = (from: number, to: number, minLength = 4) => {
    for (;;) {
      const word = VOCABULARY[from + Math.floor(rand() * (to - from))]!;
      if (word.length >= minLength) return word;
    }
  };
  const list: Query[] = [];
  const add = (kind: string, n: number, make: () => string) => {
    for (let i = 0; i < n; i++) list.push({ kind, q: make() });
  };
  add('one common word', 30, () => `${pick(100, 600)} `);
  add('one middling word', 30, () => `${pick(600, 5000)} `);
  add('one rare word', 30, () => `${pick(5000, 30000)} `);
  add('two words', 30, () => `${pick(100, 3000)} ${pick(600, 5000)} `);
  add('three words', 20, () => `${pick(100, 3000)} ${pick(100, 3000)} ${pick(600, 8000)} `);
  add('phrase', 20, () => {
    const text = transcript(rand, 12).text.split(' ');
    const at = Math.floor(rand() * (text.length - 1));
    return `"${text[at]} ${text[at + 1]}"`;
  });
  // Search as you type: one request per keystroke from the second letter on.
  for (let i = 0; i < 12; i++) {
    const word = pick(300, 8000, 7);
    const before = i % 2 === 0 ? '' : `${pick(100, 3000)} `;
    for (let n = 2; n <= word.length; n++) list.push({ kind: 'typing', q: before + word.slice(0, n) });
  }
  return list;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function run(backend: string) {
  const env: Record<string, string> = {
    ...BENCH_ENV,
    DATA_DIR: path.join(dataDir, backend),
  };
  if (backend === 'postgres') {
    await ensurePostgresDatabase(postgresUrl);
    env.DATABASE_URL = postgresUrl;
  }
  const { app, db } = await buildApp(loadConfig(env));
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const client = new BenchClient(`http://127.0.0.1:${port}`);
    await client.login(USER, PASSWORD);
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', USER)
      .executeTakeFirstOrThrow();
    const count = await db
      .selectFrom('voice_notes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', user.id)
      .executeTakeFirstOrThrow();
    if (Number(count.n) < NOTES) {
      console.log(`${backend}: seeding (kept for later runs)`);
      await seed(db, user.id, Number(count.n));
      // Planner statistics, as autovacuum would gather them on a live server.
      await sql.raw(backend === 'postgres' ? 'ANALYZE' : 'PRAGMA optimize').execute(db);
    }
    const words = await db
      .selectFrom('voice_notes')
      .select((eb) => eb.fn.sum<number>('word_count').as('n'))
      .where('owner_id', '=', user.id)
      .executeTakeFirstOrThrow();

    const list = queries();
    // Warm up: caches and JIT as on a server that has been running.
    for (const { q } of list.slice(0, 40))
      await client.request('GET', `/api/v1/search/voicenote/?q=${encodeURIComponent(q)}`);

    const timings = new Map<string, number[]>();
    let hits = 0;
    for (const { kind, q } of [...list, ...list.slice(0, 20).map((x) => ({ kind: 'pads', q: x.q }))]) {
      const target = kind === 'pads' ? 'pad' : 'voicenote';
      const started = performance.now();
      const res = await client.request('GET', `/api/v1/search/${target}/?q=${encodeURIComponent(q)}`);
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`${q}: ${res.status} ${res.text}`);
      hits += (res.json().results as unknown[]).length;
      timings.set(kind, [...(timings.get(kind) ?? []), ms]);
    }

    console.log(
      `\n${backend}: ${NOTES} notes, ${Number(words.n).toLocaleString('en')} transcript words, one owner`,
    );
    console.log('  kind                 n     p50     p95     max   (ms)');
    const all: number[] = [];
    for (const [kind, ms] of timings) {
      const sorted = [...ms].sort((a, b) => a - b);
      if (kind !== 'pads') all.push(...sorted);
      console.log(
        `  ${kind.padEnd(18)} ${String(ms.length).padStart(3)} ${[50, 95, 100]
          .map((p) => percentile(sorted, p).toFixed(1).padStart(7))
          .join(' ')}`,
      );
    }
    all.sort((a, b) => a - b);
    const p95 = percentile(all, 95);
    console.log(
      `  all voice-note searches: n=${all.length} p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms; ${(hits / (all.length + 20)).toFixed(1)} hits per page on average`,
    );
    console.log(`  p95 target <= ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? 'PASS' : 'FAIL'}`);
    return p95 <= TARGET_P95_MS;
  } finally {
    await app.close();
  }
}

let ok = true;
for (const backend of backends) ok = (await run(backend)) && ok;
process.exitCode = ok ? 0 : 1;
