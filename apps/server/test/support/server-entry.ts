/**
 * How a test starts a real server process: from the bundle in dist/ when it was built from
 * the sources as they are now (`npm test` builds before it tests), else from the sources
 * through tsx. The bundle starts in about a second; tsx compiles the whole server first, which
 * cost each started process several CPU seconds (ADR 0025).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = fileURLToPath(new URL('../../', import.meta.url));
const bundle = path.join(serverRoot, 'dist/server.js');
const sourceDirs = [path.join(serverRoot, 'src'), path.join(serverRoot, '../../packages/shared/src')];

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestChange(full) : fs.statSync(full).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

let decided: string[] | undefined;

/** The node arguments that start `src/server.ts`: the fresh bundle, or the sources. */
export function serverArgs(): string[] {
  decided ??= bundleIsFresh() ? [bundle] : ['--import', 'tsx', path.join(serverRoot, 'src/server.ts')];
  return decided;
}

function bundleIsFresh(): boolean {
  if (process.env.VOXPAD_TEST_FROM_SOURCE === '1' || !fs.existsSync(bundle)) return false;
  const built = fs.statSync(bundle).mtimeMs;
  return sourceDirs.every((dir) => newestChange(dir) <= built);
}
