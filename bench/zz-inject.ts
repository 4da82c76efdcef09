import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { BENCH_ENV, BenchClient } from './support/browser.ts';

const seen = new Map<string, { n: number; ns: bigint }>();
const proto = (SQLite as unknown as { prototype: { prepare: (sql: string) => unknown } }).prototype;
const orig = proto.prepare;
proto.prepare = function (this: unknown, sql: string) {
  const stmt = orig.call(this, sql) as { all: (...a: unknown[]) => unknown; run: (...a: unknown[]) => unknown; reader: boolean };
  for (const m of ['all', 'run', 'get'] as const) {
    const f = (stmt as Record<string, (...a: unknown[]) => unknown>)[m];
    if (!f) continue;
    (stmt as Record<string, unknown>)[m] = (...args: unknown[]) => { const t = process.hrtime.bigint(); try { return f.apply(stmt, args); } finally { const e = seen.get(sql) ?? { n: 0, ns: 0n }; e.n++; e.ns += process.hrtime.bigint() - t; seen.set(sql, e); } };
  }
  return stmt;
};
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-inj-'));
const { app } = await buildApp(loadConfig({ ...process.env, ...BENCH_ENV, DATA_DIR: dataDir }));
const marks: Record<string, number> = {};
const tot: Record<string, number> = {};
let last = 0;
const mark = (name: string) => { const now = performance.now(); tot[name] = (tot[name] ?? 0) + (now - last); last = now; void marks; };
app.addHook('onRequest', (_r, _re, done) => { last = performance.now(); done(); });
app.addHook('preHandler', (_r, _re, done) => { mark('onRequest..preHandler'); done(); });
app.addHook('preSerialization', (_r, _re, p, done) => { mark('handler'); done(null, p); });
app.addHook('onSend', (_r, _re, p, done) => { mark('serialize'); done(null, p); });
app.addHook('onResponse', (_r, _re, done) => { mark('send'); done(); });
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address() as { port: number };
const client = new BenchClient(`http://127.0.0.1:${addr.port}`);
await client.login('bench', 'bench password for pads');
for (let i = 0; i < 25; i++) await client.request('POST', '/api/v1/pad/', { name: `Pad ${i}` });
seen.clear(); for (const k of Object.keys(tot)) delete tot[k];
const N = 3000;
const t = performance.now();
for (let i = 0; i < N; i++) await app.inject({ method: 'GET', url: '/api/v1/pad/', headers: { cookie: client.cookieHeader } });
console.log('per request µs', ((performance.now() - t) * 1000 / N).toFixed(1));
for (const [k, v] of Object.entries(tot)) console.log(k, (v * 1000 / N).toFixed(1));
for (const [sql, e] of seen) console.log(e.n, (Number(e.ns) / e.n / 1000).toFixed(1) + 'µs', sql.slice(0, 150));
await app.close();
