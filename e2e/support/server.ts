import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the built server (apps/server/dist) as `npm start` does, on a free port (passwords are
 * hashed at the test suites' cost, see below).
 * `publicHost: 'localhost'` names the site http://localhost:<port> (PUBLIC_URL and `baseUrl`):
 * browsers refuse passkeys for an IP address.
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  options: { publicHost?: 'localhost' | '127.0.0.1' } = {},
): Promise<RunningServer> {
  const entry = path.join(root, 'apps/server/dist/server.js');
  await fs.access(entry).catch(() => {
    throw new Error('The server is not built: run `npm run build` first (npm test does it).');
  });
  // The port is free when probed, but e2e files run in parallel lanes: another file's server
  // may take it before this one listens. Then it exits at once, and another port is tried.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(entry, env, options);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === 5) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startOnFreePort(
  entry: string,
  env: Record<string, string>,
  options: { publicHost?: 'localhost' | '127.0.0.1' },
): Promise<RunningServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'voxpad-e2e-'));
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', entry], {
    env: {
      ...process.env,
      // Everything as in production but the cost of a password hash: scrypt at 128 MiB took
      // 0.45 s of CPU for each of the suite's sign-ups, logins and password checks, about a
      // minute of the run on two cores (ADR 0025). The product refuses the cheap cost when
      // NODE_ENV is production; NODE_ENV changes nothing else in the server but the
      // development outbox, which stays off as in production. The real cost is asserted by
      // apps/server/test/api/security-passwords.test.ts.
      NODE_ENV: 'test',
      PASSWORD_HASH_COST: 'test',
      DEV_OUTBOX: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://${options.publicHost ?? '127.0.0.1'}:${port}`,
      SECRET_KEY: 'e2e-secret-key-not-for-production-use-0123456789',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Settles once the process is gone, however it ended: a process ended by a signal keeps
  // exitCode null (signalCode says why), so exitCode alone cannot tell it is gone.
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://${options.publicHost ?? '127.0.0.1'}:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await fs.rm(dataDir, { recursive: true, force: true });
      if (output.includes('EADDRINUSE')) throw new PortTakenError(`Port ${port} was taken:\n${output}`);
      throw new Error(`The server exited early:\n${output}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`The server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  let stopping: Promise<void> | null = null;
  return {
    baseUrl,
    dataDir,
    output: () => output,
    // The same promise for every call, so stopping twice (a test, then afterAll) is harmless.
    stop: () => {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exited;
        await fs.rm(dataDir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}
