/**
 * A PostgreSQL cluster of the test's own, made with Debian's initdb/pg_ctl in a temporary
 * directory on a free loopback port, that a test may stop and restart at will. Never the
 * shared server on 5432. PostgreSQL refuses to run as root, so as root it runs as `postgres`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './cluster.ts';

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (!newest) throw new Error(`No PostgreSQL server binaries under ${root} (apt-get install postgresql)`);
  return path.join(root, newest, 'bin');
}

export class PrivatePostgres {
  private constructor(
    private readonly bin: string,
    readonly dir: string,
    readonly port: number,
  ) {}

  static async start(): Promise<PrivatePostgres> {
    const bin = binDir();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-pg-'));
    const port = await freePort();
    const cluster = new PrivatePostgres(bin, dir, port);
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
    cluster.run('initdb', ['-D', cluster.dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    cluster.startServer();
    const admin = new pg.Client({ connectionString: cluster.url('postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE voxpad');
    await admin.end();
    return cluster;
  }

  private get dataDir(): string {
    return path.join(this.dir, 'data');
  }

  url(database = 'voxpad'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  private run(tool: string, args: string[]): void {
    const command = path.join(this.bin, tool);
    const asRoot = process.getuid?.() === 0;
    execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 60_000,
    });
  }

  private startServer(): void {
    this.run('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      path.join(this.dir, 'server.log'),
      '-w',
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  }

  /** Fast shutdown: every connection is cut, as in a restart for an upgrade. */
  stop(): void {
    this.run('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', 'stop']);
  }

  resume(): void {
    this.startServer();
  }

  close(): void {
    try {
      this.run('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Already stopped.
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
