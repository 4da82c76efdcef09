/**
 * Several real Voxpad server processes (the built server, or src/server.ts through tsx: see
 * server-entry.ts) on one PostgreSQL
 * database and one S3 bucket, each with its own DATA_DIR so nothing is shared on disk: what
 * the scale and fault tests start, kill and restart.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createDatabase, type Db } from '../../src/db/database.ts';
import { peaksKeyOf } from '../../src/storage/storage-keys.ts';
import { cachedToolRun } from './fixture-cache.ts';
import { serverArgs } from './server-entry.ts';

const serverRoot = fileURLToPath(new URL('../../', import.meta.url));
const sweepEntry = path.join(serverRoot, 'src/cli/sweep.ts');

/** What every process of one cluster shares: the database, the bucket, the SMTP server, the key. */
export interface ClusterSettings {
  databaseUrl: string;
  s3Env: Record<string, string>;
  smtpUrl: string;
  /** Anything else every process gets (e.g. a short lease). */
  env?: Record<string, string>;
}

/** The last lines a process wrote, to explain a failure. */
class OutputTail {
  private text = '';
  add(chunk: Buffer): void {
    this.text = (this.text + chunk.toString()).slice(-8_000);
  }
  toString(): string {
    return this.text;
  }
}

export class VoxpadProcess {
  readonly output = new OutputTail();
  private readonly exited: Promise<void>;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
    readonly dataDir: string,
    readonly baseUrl: string,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => this.output.add(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.output.add(chunk));
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** SIGKILL, as a crash or the OOM killer would: no shutdown hook runs. */
  async kill(): Promise<void> {
    if (this.running) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM: the server drains and exits on its own. */
  async stop(): Promise<void> {
    if (this.running) this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await this.exited;
    clearTimeout(timer);
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject()));
    });
  });
}

/** Starts one server process with its own, empty DATA_DIR and waits until it listens. */
export async function startProcess(
  name: string,
  role: 'api' | 'worker',
  cluster: ClusterSettings,
): Promise<VoxpadProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `voxpad-${name}-`));
  const port = await freePort();
  const child = spawn(process.execPath, serverArgs(), {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      ROLE: role,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.databaseUrl,
      SMTP_URL: cluster.smtpUrl,
      // Every process of a deployment shares the key; each DATA_DIR would otherwise make its own.
      SECRET_KEY: 'scale-test-secret-key-0123456789-abcdefghij',
      LOG_LEVEL: 'warn',
      WORKER_CONCURRENCY: '1',
      ACCOUNT_RATE_LIMITS: 'off',
      PASSWORD_HASH_COST: 'test',
      // The tests run the sweeper themselves, when they mean to.
      SWEEPER_INTERVAL_MINUTES: '0',
      ...cluster.s3Env,
      ...cluster.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc = new VoxpadProcess(name, child, dataDir, `http://127.0.0.1:${port}`);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (!proc.running) throw new Error(`${name} exited while starting:\n${proc.output.toString()}`);
    const up = await fetch(`${proc.baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return proc;
    if (Date.now() > deadline) {
      await proc.kill();
      throw new Error(`${name} did not start listening in time:\n${proc.output.toString()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * `npm run sweep` as its own process, against the cluster; returns what it printed. Never
 * synchronous: the loopback S3 server it talks to runs in this very process.
 */
export async function runSweep(cluster: ClusterSettings, graceMinutes: string): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-sweep-'));
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', sweepEntry], {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: cluster.databaseUrl,
        LOG_LEVEL: 'info',
        SWEEPER_GRACE_MINUTES: graceMinutes,
        ...cluster.s3Env,
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    return stdout;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A Kysely handle on the cluster's database, for the test's own checks. */
export function clusterDb(cluster: ClusterSettings): Db {
  return createDatabase({ kind: 'postgres', url: cluster.databaseUrl });
}

/** Storage keys in `keys` that no voice note references. */
export async function unreferenced(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  // A note's waveform peaks live beside its audio (ADR 0056): `<id>.peaks` next to `<id>.webm`.
  const rows = await db.selectFrom('voice_notes').select('storage_key').execute();
  const referenced = new Set(rows.flatMap((r) => [r.storage_key, peaksKeyOf(r.storage_key)]));
  return keys.filter((key) => !referenced.has(key));
}

/**
 * The personal-model builds of `userId` that this process has fetched from the bucket into its
 * own DATA_DIR (PersonalModelCache, `models/cache/<process cache>/<user>/<build>/`, ADR 0040):
 * the process decoded something with that person's model.
 */
export function personalModelsHeld(proc: VoxpadProcess, userId: string): string[] {
  const root = path.join(proc.dataDir, 'models', 'cache');
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root).flatMap((cache) => {
    const dir = path.join(root, cache, userId);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  });
}

/** `text` spoken by flite `times` times with a second of silence after each, as Ogg Opus. */
export function spokenRecording(dir: string, text: string, times: number): Buffer {
  const sentence = path.join(dir, 'sentence.wav');
  const padded = path.join(dir, 'padded.wav');
  const joined = path.join(dir, 'joined.wav');
  const out = path.join(dir, `spoken-${times}.webm`);
  cachedToolRun('flite', ['-voice', 'slt', '-t', text, '-o', sentence], sentence);
  cachedToolRun(
    'ffmpeg',
    ['-loglevel', 'error', '-y', '-i', sentence, '-af', 'apad=pad_dur=1', padded],
    padded,
  );
  cachedToolRun('sox', [...Array.from({ length: times }, () => padded), joined], joined);
  cachedToolRun('ffmpeg', ['-loglevel', 'error', '-y', '-i', joined, '-c:a', 'libopus', out], out);
  return fs.readFileSync(out);
}

export async function until<T>(
  what: string,
  read: () => Promise<T | undefined>,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
