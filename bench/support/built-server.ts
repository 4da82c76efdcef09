import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildServer } from './child-server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ENTRY = path.join(root, 'apps/server/dist/server.js');
/** As scripts/start-config.mjs sets it for `npm start` (ADR 0061). */
const MALLOC_ARENAS = '2';

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
 * The built server (apps/server/dist/server.js) in its own process, started as `npm start`
 * starts it (its malloc arena cap included, ADR 0061), for benches that measure what a deployed server holds: run from source through tsx
 * (child-server.ts) the same server holds esbuild's transformed modules too, about 150 MiB more
 * at rest. Ready once /readyz answers.
 */
export async function startBuiltServer(env: Record<string, string>): Promise<ChildServer> {
  if (!fs.existsSync(ENTRY)) {
    throw new Error('The server is not built: run `npm run build` first.');
  }
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', ENTRY], {
    env: { MALLOC_ARENA_MAX: MALLOC_ARENAS, ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The built server exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('The built server did not become ready in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
