/**
 * `npm run bench:search`: search and list latency with BENCH_NOTES voice notes (default
 * 1,000,000, about 50 million transcript words of spoken-English text) owned by one user, on
 * SQLite and on PostgreSQL (issue 24). Requests go over HTTP to the real app, one at a time:
 * whole words (common, middling, rare), several words, phrases, search-as-you-type (every
 * prefix while a word is typed) and the note filters (tag, pad, dates, duration, status).
 * Goals: search p95 <= 50 ms and p99 <= 100 ms; the pad list and the recent-notes list within
 * 10 % of their speed for a second user of the same database with 1,000 notes (the baseline,
 * measured in the same run, requests alternating).
 *
 * Seeding writes straight into the tables (search/seed-*.ts) and the databases are kept for
 * reruns: SQLite under BENCH_DATA_DIR (default: the system temp dir), PostgreSQL in
 * BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/voxpad_bench). BENCH_DATABASES
 * picks the backends (default "sqlite,postgres").
 *
 * The app that seeds is closed and a fresh one serves the timed requests. Seeding runs
 * synchronous SQLite transactions on this process's event loop: a kept-alive connection left
 * idle across it was closed by the server's keep-alive timeout the moment the loop ran again,
 * and the first timed request failed with "other side closed" (ECONNRESET).
 */
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { BENCH_ENV, BenchClient } from './support/browser.ts';
import { random, transcript, VOCABULARY } from './support/transcripts.ts';
import { padRows, tagRows } from './search/seed-rows.ts';
import { seedPostgres } from './search/seed-postgres.ts';
import { seedSqlite, type SeedTarget } from './search/seed-sqlite.ts';

const NOTES = Number(process.env.BENCH_NOTES ?? 1_000_000);
const BASELINE_NOTES = 1000;
const LIST_REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 300);
const GOAL = { p95: 50, p99: 100, listSlowdown: 1.1 };
const BIG = { username: 'searcher', password: 'bench password for search' };
const SMALL = { username: 'searcher-baseline', password: 'bench password for search' };
const backends = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((b) => b.trim());
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'voxpad-bench-search');
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/voxpad_bench';

const loadAverage = () =>
  `${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} on ${os.availableParallelism()} cores`;

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

function envFor(backend: string): Record<string, string> {
  const env: Record<string, string> = { ...BENCH_ENV, DATA_DIR: path.join(dataDir, backend) };
  if (backend === 'postgres') env.DATABASE_URL = postgresUrl;
  return env;
}

/** Serves the app on a loopback port with both users logged in; `close` ends it. */
async function serve(backend: string) {
  const config = loadConfig(envFor(backend));
  const { app, db } = await buildApp(config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const big = new BenchClient(`http://127.0.0.1:${port}`);
  const small = new BenchClient(`http://127.0.0.1:${port}`);
  await big.login(BIG.username, BIG.password);
  await small.login(SMALL.username, SMALL.password);
  const owner = async (username: string) => {
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', username)
      .executeTakeFirstOrThrow();
    const count = await db
      .selectFrom('voice_notes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', user.id)
      .executeTakeFirstOrThrow();
    return { id: user.id, notes: Number(count.n) };
  };
  return { app, db, config, big, small, owner, close: () => app.close() };
}

/** Seeds what is missing, with an app of its own that is closed before anything is timed. */
async function prepare(backend: string) {
  if (backend === 'postgres') await ensurePostgresDatabase(postgresUrl);
  const server = await serve(backend);
  try {
    for (const [user, total, seed] of [
      [BIG, NOTES, 1],
      [SMALL, BASELINE_NOTES, 2],
    ] as const) {
      const owner = await server.owner(user.username);
      if (owner.notes >= total) continue;
      // Notes end an hour ago, pads and tags start a year and a day before.
      const end = Date.now() - 3600_000;
      const start = end - 366 * 24 * 3600 * 1000;
      const target: SeedTarget = {
        ownerId: owner.id,
        have: owner.notes,
        total,
        end,
        pads: padRows(owner.id, start, seed),
        tags: tagRows(owner.id, start, seed),
      };
      const started = Date.now();
      console.log(
        `${backend}: seeding ${user.username} from ${owner.notes} to ${total} notes (kept for later runs)`,
      );
      const progress = (done: number) => {
        const seconds = (Date.now() - started) / 1000;
        process.stdout.write(
          `\r  ${done}/${total} notes, ${seconds.toFixed(0)} s (${((done - owner.notes) / seconds).toFixed(0)}/s)`,
        );
      };
      const config = server.config.database;
      if (config.kind === 'sqlite') seedSqlite(config.file, target, progress);
      else await seedPostgres(config.url, target, progress);
      console.log(
        `\n  seeded in ${((Date.now() - started) / 60_000).toFixed(1)} min (load average ${loadAverage()})`,
      );
    }
  } finally {
    await server.close();
  }
}

interface Query {
  kind: string;
  q: string;
  /** Note filters as query parameters. */
  filters?: string;
}

interface Facts {
  pads: string[];
  tags: { common: string; rare: string };
  first: number;
  last: number;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The same queries for both backends, from a fixed seed. */
function queries(facts: Facts): Query[] {
  const rand = random(7);
  const pick = (from: number, to: number, minLength = 4) => {
    for (;;) {
      const word = VOCABULARY[from + Math.floor(rand() * (to - from))]!;
      if (word.length >= minLength) return word;
    }
  };
  const list: Query[] = [];
  const add = (kind: string, n: number, make: () => string, filters?: () => string) => {
    for (let i = 0; i < n; i++) list.push({ kind, q: make(), ...(filters ? { filters: filters() } : {}) });
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
  // The workbench's filters, on common and middling words.
  const word = () => `${pick(100, 5000)} `;
  const span = facts.last - facts.first;
  add('filter: common tag', 15, word, () => `tag=${facts.tags.common}`);
  add('filter: rare tag', 15, word, () => `tag=${facts.tags.rare}`);
  add('filter: pad', 15, word, () => `pad=${facts.pads[Math.floor(rand() * facts.pads.length)]!}`);
  add('filter: one month', 15, word, () => {
    const from = facts.first + rand() * (span - 31 * 86_400_000);
    return `from=${day(from)}&to=${day(from + 30 * 86_400_000)}`;
  });
  add('filter: duration', 15, word, () => {
    const min = 10 + Math.floor(rand() * 20);
    return `min_duration=${min}&max_duration=${min + 5}`;
  });
  add('filter: failed', 15, word, () => 'status=failed');
  add('filter: tag + dates', 15, word, () => {
    const from = facts.first + rand() * (span / 2);
    return `tag=${facts.tags.common}&from=${day(from)}&to=${day(from + span / 4)}`;
  });
  for (let i = 0; i < 4; i++) {
    const typed = pick(300, 8000, 7);
    const filters = `tag=${facts.tags.common}`;
    for (let n = 2; n <= typed.length; n++)
      list.push({ kind: 'filter: typing + tag', q: typed.slice(0, n), filters });
  }
  return list;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const figures = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1)!,
  };
};

async function timed(
  client: BenchClient,
  url: string,
): Promise<{ ms: number; body: Record<string, unknown> }> {
  const started = performance.now();
  const res = await client.request('GET', url);
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text}`);
  return { ms, body: res.json() };
}

async function run(backend: string): Promise<boolean> {
  await prepare(backend);
  const server = await serve(backend);
  try {
    const big = await server.owner(BIG.username);
    const small = await server.owner(SMALL.username);
    const words = await server.db
      .selectFrom('voice_notes')
      .select((eb) => [
        eb.fn.sum<number>('word_count').as('n'),
        eb.fn.min<number>('created_at').as('first'),
        eb.fn.max<number>('created_at').as('last'),
      ])
      .where('owner_id', '=', big.id)
      .executeTakeFirstOrThrow();
    const pads = await server.db.selectFrom('pads').select('id').where('owner_id', '=', big.id).execute();
    const tags = await server.db
      .selectFrom('tags')
      .select('name')
      .where('user_id', '=', big.id)
      .orderBy('id')
      .execute();
    const facts: Facts = {
      pads: pads.map((p) => p.id),
      tags: { common: tags[0]!.name, rare: tags.at(-1)!.name },
      first: Number(words.first),
      last: Number(words.last),
    };

    const list = queries(facts);
    const url = ({ q, filters }: Query) =>
      `/api/v1/search/voicenote/?q=${encodeURIComponent(q)}${filters ? `&${filters}` : ''}`;
    // Warm up: caches and JIT as on a server that has been running.
    for (const query of list.slice(0, 40)) await timed(server.big, url(query));

    console.log(
      `\n${backend}: ${big.notes.toLocaleString('en')} notes, ${Number(words.n).toLocaleString('en')} transcript words, one owner`,
    );
    console.log(`  load average before timing: ${loadAverage()}`);
    const timings = new Map<string, number[]>();
    let hits = 0;
    const each: { query: Query; ms: number }[] = [];
    for (const query of list) {
      const { ms, body } = await timed(server.big, url(query));
      hits += (body.results as unknown[]).length;
      timings.set(query.kind, [...(timings.get(query.kind) ?? []), ms]);
      each.push({ query, ms });
    }
    for (const query of list.slice(0, 20)) {
      const { ms } = await timed(server.big, `/api/v1/search/pad/?q=${encodeURIComponent(query.q)}`);
      timings.set('pads (search)', [...(timings.get('pads (search)') ?? []), ms]);
    }

    const row = (label: string, ms: number[]) => {
      const f = figures(ms);
      return `  ${label.padEnd(24)} ${String(f.n).padStart(4)} ${[f.p50, f.p95, f.p99, f.max].map((x) => x.toFixed(1).padStart(7)).join(' ')}`;
    };
    console.log('  kind                        n     p50     p95     p99     max   (ms)');
    const all: number[] = [];
    for (const [kind, ms] of timings) {
      if (kind !== 'pads (search)') all.push(...ms);
      console.log(row(kind, ms));
    }
    const overall = figures(all);
    console.log(row('all voice-note searches', all));
    console.log(`  ${(hits / list.length).toFixed(1)} hits per page on average`);
    // The slowest searches by name, to be read again with EXPLAIN in a database shell.
    console.log('  slowest voice-note searches:');
    for (const { query, ms } of each.sort((a, b) => b.ms - a.ms).slice(0, 12)) {
      console.log(
        `    ${ms.toFixed(1).padStart(7)} ms  ${query.kind}: ${JSON.stringify(query.q)}${query.filters ? ` ${query.filters}` : ''}`,
      );
    }
    const searchOk = overall.p95 <= GOAL.p95 && overall.p99 <= GOAL.p99;
    console.log(
      `  goal p95 <= ${GOAL.p95} ms, p99 <= ${GOAL.p99} ms: p95 ${overall.p95.toFixed(1)}, p99 ${overall.p99.toFixed(1)}: ${searchOk ? 'PASS' : 'FAIL'}`,
    );

    // Lists: the baseline user (1,000 notes) and the big one, alternating request by request.
    let listsOk = true;
    console.log(
      `  lists, ${LIST_REQUESTS} requests each, alternating; baseline: ${small.notes.toLocaleString('en')} notes of another user in the same database`,
    );
    for (const [label, path] of [
      ['pad list', '/api/v1/pad/'],
      ['recent notes', '/api/v1/voicenote/recent/?limit=10'],
    ] as const) {
      for (let i = 0; i < 30; i++) {
        await timed(server.small, path);
        await timed(server.big, path);
      }
      const base: number[] = [];
      const large: number[] = [];
      for (let i = 0; i < LIST_REQUESTS; i++) {
        base.push((await timed(server.small, path)).ms);
        large.push((await timed(server.big, path)).ms);
      }
      const b = figures(base);
      const l = figures(large);
      const ratio = l.p50 / b.p50;
      const ok = ratio <= GOAL.listSlowdown;
      listsOk &&= ok;
      console.log(row(`${label} @ ${small.notes.toLocaleString('en')}`, base));
      console.log(row(`${label} @ ${big.notes.toLocaleString('en')}`, large));
      console.log(
        `  ${label}: median ${(ratio * 100).toFixed(0)} % of baseline (goal <= ${Math.round(GOAL.listSlowdown * 100)} %): ${ok ? 'PASS' : 'FAIL'}`,
      );
    }
    const retries = server.big.retries + server.small.retries;
    console.log(
      `  load average after timing: ${loadAverage()}; GETs resent on a fresh connection: ${retries}`,
    );
    return searchOk && listsOk;
  } finally {
    await server.close();
  }
}

console.log(
  `bench:search ${new Date().toISOString()} node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'}`,
);
let ok = true;
for (const backend of backends) ok = (await run(backend)) && ok;
process.exitCode = ok ? 0 : 1;
