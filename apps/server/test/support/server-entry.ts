/**
 * How a test starts a real server process: from the bundle in dist/ when vitest.config.ts found
 * it built from the sources as they are now (it then sets VOXPAD_WORKER_BUNDLE; `npm test`
 * builds first), else from the sources through tsx. The bundle starts in about a second; tsx
 * compiles the whole server first, several CPU seconds per started process (ADR 0025).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The node arguments that start the server: the fresh bundle, or src/server.ts. */
export function serverArgs(): string[] {
  const worker = process.env.VOXPAD_WORKER_BUNDLE;
  const bundle = worker ? path.join(path.dirname(worker), 'server.js') : undefined;
  if (bundle && fs.existsSync(bundle)) return [bundle];
  return ['--import', 'tsx', path.join(serverRoot, 'src/server.ts')];
}
