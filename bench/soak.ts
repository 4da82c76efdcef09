/**
 * `npm run bench:soak`: the real server in its own process, on loopback, under a mixed
 * workload from several people at once for a bounded time (default 10 minutes,
 * SOAK_SECONDS to shorten): sign-ins and logouts, uploads of short spoken recordings (flite;
 * tones when it is missing), pad and note lists, searches, stats and playback with Range.
 * Then the queue is drained and the run is judged:
 *
 * - no 5xx, no request without an answer, and no answer the workload did not expect;
 * - the server's resident memory grows by less than 150 MiB from start to end;
 * - every uploaded note is transcribed (none failed, none left waiting).
 *
 * It prints requests served, answers by status, errors, p50/p95 per route, RSS at start,
 * peak and end, and uploaded vs transcribed; it exits non-zero when a check fails.
 *
 * SQLite in a fresh temporary data directory; SOAK_DATABASE_URL (a loopback PostgreSQL
 * server, e.g. postgres://postgres@127.0.0.1:5432) runs it on a fresh database there
 * instead. Also: SOAK_USERS (6), SOAK_UPLOAD_EVERY_SECONDS (12, per person),
 * SOAK_DRAIN_SECONDS (180), SOAK_MAX_REQUESTS (250000), SOAK_WORKERS (1, transcription
 * workers: the load generator needs a core too).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BENCH_ENV, BenchClient } from './support/browser.ts';
import { startChild } from './support/child-server.ts';
import { SoakRecorder } from './support/soak-recorder.ts';
import { wavHeader } from './support/wav.ts';

const MIB = 1024 * 1024;
const MAX_RSS_GROWTH = 150 * MIB;
const AUTH = '/_headless/browser/v1';
const PASSWORD = 'a long soak test passphrase';
/** A request still unanswered after this long counts as failed (the loop moves on). */
const REQUEST_TIMEOUT_MS = 60_000;

function setting(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number, not "${raw}".`);
    process.exit(2);
  }
  return value;
}

const SECONDS = setting('SOAK_SECONDS', 600);
const USERS = Math.round(setting('SOAK_USERS', 6));
const UPLOAD_EVERY_MS = setting('SOAK_UPLOAD_EVERY_SECONDS', 12) * 1000;
const DRAIN_SECONDS = setting('SOAK_DRAIN_SECONDS', 180);
const MAX_REQUESTS = Math.round(setting('SOAK_MAX_REQUESTS', 250_000));
const WORKERS = Math.round(setting('SOAK_WORKERS', 1));
const postgresServer = process.env.SOAK_DATABASE_URL || undefined;

const SENTENCES = [
  'remember to buy milk and bread tomorrow morning',
  'the meeting with the design team moved to thursday afternoon',
  'call the dentist about the appointment next week',
  'ideas for the garden plant tomatoes near the fence',
  'the quarterly report needs new numbers before friday',
  'pick up the parcel from the post office after lunch',
];
const SEARCHES = ['milk', 'meeting', 'dentist', 'garden', 'report', 'parcel', 'tomor', 'desi', 'next week'];

const rand = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(items: readonly T[]): T => items[rand(items.length)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssOf(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Number(kb[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Spoken sentences from flite when it is installed, else tones of different pitch. */
function makeRecordings(dir: string): { recordings: Buffer[]; speech: boolean } {
  try {
    const recordings = SENTENCES.map((sentence, i) => {
      const file = path.join(dir, `sentence-${i}.wav`);
      execFileSync('flite', ['-voice', 'slt', '-t', sentence, '-o', file], { stdio: 'ignore' });
      return fs.readFileSync(file);
    });
    return { recordings, speech: true };
  } catch {
    const recordings = SENTENCES.map((_, i) => {
      const samples = Buffer.alloc(16000 * 3 * 2);
      for (let n = 0; n < samples.length / 2; n++) {
        samples.writeInt16LE(Math.round(Math.sin((2 * Math.PI * (220 + 110 * i) * n) / 16000) * 8000), n * 2);
      }
      return Buffer.concat([wavHeader(samples.length), samples]);
    });
    return { recordings, speech: false };
  }
}

/** A fresh database on a loopback PostgreSQL server, dropped afterwards. */
async function freshPostgres(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new URL(serverUrl);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(admin.hostname)) {
    throw new Error(`SOAK_DATABASE_URL must point at loopback, not ${admin.hostname}.`);
  }
  admin.pathname = '/postgres';
  const name = `voxpad_soak_${process.pid}_${Date.now()}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

interface Person {
  username: string;
  client: BenchClient;
  pads: string[];
  notes: { audioUrl: string; path: string }[];
  uploaded: number;
}

type Answer = Awaited<ReturnType<BenchClient['request']>>;

const recorder = new SoakRecorder();

/** One request, timed and counted; undefined when no answer came. */
async function timed(
  route: string,
  send: () => Promise<Answer>,
  expected: readonly number[] = [200],
): Promise<Answer | undefined> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)),
        REQUEST_TIMEOUT_MS,
      );
    });
    const res = await Promise.race([send(), timeout]);
    recorder.record(route, res.status, performance.now() - started, expected.includes(res.status));
    return res;
  } catch (error) {
    recorder.transportFailure(route, error);
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

async function signIn(baseUrl: string, person: Person): Promise<void> {
  const visitor = new BenchClient(baseUrl);
  await timed('GET  /auth config', () => visitor.request('GET', `${AUTH}/config`));
  const login = await timed('POST /auth/login', () =>
    visitor.request('POST', `${AUTH}/auth/login`, { username: person.username, password: PASSWORD }),
  );
  if (login?.status !== 200) return;
  await timed('GET  /auth/session', () => visitor.request('GET', `${AUTH}/auth/session`));
  await timed('DEL  /auth/session', () => visitor.request('DELETE', `${AUTH}/auth/session`), [401]);
}

async function upload(person: Person, recordings: Buffer[]): Promise<void> {
  const padId = pick(person.pads);
  const res = await timed(
    'POST /pad/{id}/voicenote/',
    () =>
      person.client.request('POST', `/api/v1/pad/${padId}/voicenote/`, pick(recordings), {
        'content-type': 'audio/wav',
        'content-disposition': 'attachment; filename="soak.wav"',
      }),
    [201],
  );
  if (res?.status !== 201) return;
  person.uploaded++;
  const note = res.json();
  person.notes.push({
    audioUrl: String(note.audio_url),
    path: `/api/v1/pad/${padId}/voicenote/${String(note.id)}/`,
  });
}

/** One step of a person's workload, chosen by weight. */
async function step(baseUrl: string, person: Person): Promise<void> {
  const { client } = person;
  const roll = rand(100);
  const note = person.notes.length > 0 ? pick(person.notes) : undefined;
  if (roll < 25) {
    await timed('GET  /pad/', () => client.request('GET', '/api/v1/pad/'));
  } else if (roll < 38) {
    const padId = pick(person.pads);
    await timed('GET  /pad/{id}/voicenote/', () => client.request('GET', `/api/v1/pad/${padId}/voicenote/`));
  } else if (roll < 58) {
    const q = encodeURIComponent(pick(SEARCHES));
    await timed('GET  /search/voicenote/', () => client.request('GET', `/api/v1/search/voicenote/?q=${q}`));
  } else if (roll < 63) {
    const q = encodeURIComponent(pick(SEARCHES));
    await timed('GET  /search/pad/', () => client.request('GET', `/api/v1/search/pad/?q=${q}`));
  } else if (roll < 80 && note) {
    // Playback as a browser does it: the start, then a later part.
    await timed(
      'GET  audio (Range start)',
      () => client.request('GET', note.audioUrl, undefined, { range: 'bytes=0-' }),
      [206],
    );
    await timed(
      'GET  audio (Range part)',
      () => client.request('GET', note.audioUrl, undefined, { range: 'bytes=4096-20479' }),
      [206],
    );
  } else if (roll < 87 && note) {
    await timed('GET  /pad/{id}/voicenote/{id}/', () => client.request('GET', note.path));
  } else if (roll < 93) {
    await timed('GET  /stats/', () => client.request('GET', '/api/v1/stats/'));
  } else {
    await signIn(baseUrl, person);
  }
}

async function workload(baseUrl: string, person: Person, recordings: Buffer[], until: number) {
  // Staggered, so uploads do not arrive in step.
  let nextUpload = Date.now() + rand(UPLOAD_EVERY_MS);
  while (Date.now() < until && recorder.served < MAX_REQUESTS) {
    if (Date.now() >= nextUpload) {
      nextUpload += UPLOAD_EVERY_MS;
      await upload(person, recordings);
    } else {
      await step(baseUrl, person);
    }
    // Think time: people click, the web app does not hammer.
    await sleep(20 + rand(130));
  }
}

interface QueueCounts {
  done: number;
  failed: number;
  waiting: number;
}

async function queueCounts(people: Person[]): Promise<QueueCounts> {
  const counts = { done: 0, failed: 0, waiting: 0 };
  for (const person of people) {
    const res = await person.client.request('GET', '/api/v1/stats/');
    if (res.status !== 200) throw new Error(`stats answered ${res.status}: ${res.text}`);
    const status = res.json().status_counts as Record<string, number>;
    counts.done += status.done ?? 0;
    counts.failed += status.failed ?? 0;
    counts.waiting += (status.pending ?? 0) + (status.processing ?? 0);
  }
  return counts;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-soak-'));
const dataDir = path.join(work, 'data');
const { recordings, speech } = makeRecordings(work);
const postgres = postgresServer ? await freshPostgres(postgresServer) : undefined;
const server = await startChild('serve-app.ts', {
  ...BENCH_ENV,
  ROLE: 'all',
  DATA_DIR: dataDir,
  WORKER_CONCURRENCY: String(WORKERS),
  // Links in mails are never followed here; production mode wants the address stated.
  PUBLIC_URL: 'http://127.0.0.1',
  // Every person comes from 127.0.0.1: per-IP limits would only measure themselves.
  ACCOUNT_RATE_LIMITS: 'off',
  // Generous per-user quotas: the soak measures the server, not the limits.
  QUOTA_UPLOADS_PER_HOUR: '100000',
  QUOTA_UPLOAD_BYTES_PER_HOUR: String(1024 * 1024 * MIB),
  QUOTA_STORAGE_BYTES: String(1024 * 1024 * MIB),
  QUOTA_PADS_PER_USER: '100000',
  JOBS_PER_USER_CONCURRENCY: '64',
  PROGRESS_STREAMS_PER_USER: '100',
  ...(postgres ? { DATABASE_URL: postgres.url } : {}),
});

let failed = false;
try {
  const backend = postgres ? 'PostgreSQL' : 'SQLite';
  console.log(
    `soak: ${USERS} people for ${SECONDS} s on ${backend}, ${WORKERS} transcription worker(s), ` +
      `${speech ? 'spoken (flite)' : 'tone (flite missing)'} recordings, server pid ${server.pid}`,
  );
  const stamp = Date.now().toString(36);
  const people: Person[] = [];
  for (let i = 0; i < USERS; i++) {
    const person: Person = {
      username: `soak${stamp}${i}`,
      client: new BenchClient(server.url),
      pads: [],
      notes: [],
      uploaded: 0,
    };
    await person.client.login(person.username, PASSWORD);
    for (const name of ['Inbox', 'Work']) {
      const pad = await person.client.request('POST', '/api/v1/pad/', { name });
      if (pad.status !== 201) throw new Error(`could not create a pad: ${pad.status} ${pad.text}`);
      person.pads.push(String(pad.json().id));
    }
    people.push(person);
  }
  // Warm up before the baseline: every route once, a sign-in (scrypt's memory) and one
  // transcription (the engine loads its model on first use), so growth means retention.
  for (const person of people) await step(server.url, person);
  await signIn(server.url, people[0]!);
  await upload(people[0]!, recordings);
  for (let i = 0; i < 60 && (await queueCounts(people)).waiting > 0; i++) await sleep(1000);
  await sleep(1000);
  const rssStart = rssOf(server.pid);
  let rssPeak = rssStart;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(server.pid))), 1000);

  const started = Date.now();
  await Promise.all(
    people.map((person) => workload(server.url, person, recordings, started + SECONDS * 1000)),
  );
  const ranSeconds = (Date.now() - started) / 1000;

  const uploaded = people.reduce((n, p) => n + p.uploaded, 0);
  const drainUntil = Date.now() + DRAIN_SECONDS * 1000;
  let counts = await queueCounts(people);
  while (counts.waiting > 0 && Date.now() < drainUntil) {
    await sleep(2000);
    counts = await queueCounts(people);
  }
  const drainedSeconds = (Date.now() - started) / 1000 - ranSeconds;
  clearInterval(sampler);
  const rssEnd = rssOf(server.pid);
  rssPeak = Math.max(rssPeak, rssEnd);

  const mib = (n: number) => `${(n / MIB).toFixed(1)} MiB`;
  const growth = rssEnd - rssStart;
  const fiveHundreds = recorder.countWhere((status) => status >= 500);
  const errors = [...recorder.errorsByStatus().values()].reduce((a, b) => a + b, 0);
  const checks: [string, boolean][] = [
    [`no 5xx answers (${fiveHundreds})`, fiveHundreds === 0],
    [
      `every request answered (${recorder.transportFailures} without an answer)`,
      recorder.transportFailures === 0,
    ],
    [`no unexpected answers (${errors})`, errors === 0],
    [`RSS growth ${mib(growth)} < ${mib(MAX_RSS_GROWTH)}`, growth < MAX_RSS_GROWTH],
    [
      `uploaded ${uploaded} = transcribed ${counts.done} (failed ${counts.failed}, still waiting ${counts.waiting})`,
      uploaded === counts.done && counts.failed === 0 && counts.waiting === 0,
    ],
  ];

  console.log(
    `requests served: ${recorder.served} in ${ranSeconds.toFixed(0)} s (${(recorder.served / ranSeconds).toFixed(1)}/s), ` +
      `queue drained in ${drainedSeconds.toFixed(0)} s`,
  );
  for (const line of recorder.report()) console.log(line);
  console.log(`server RSS: start ${mib(rssStart)}, peak ${mib(rssPeak)}, end ${mib(rssEnd)}`);
  console.log(
    `notes: uploaded ${uploaded}, transcribed ${counts.done}, failed ${counts.failed}, waiting ${counts.waiting}`,
  );
  for (const [what, ok] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${what}`);
  failed = checks.some(([, ok]) => !ok);
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await server.stop();
  await postgres?.drop();
  fs.rmSync(work, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
