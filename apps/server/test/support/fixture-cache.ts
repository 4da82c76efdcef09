import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Test audio (flite, sox, ffmpeg) made once. A run of a tool is keyed by the tool, its
 * version, its arguments (and SOX_OPTS for sox) and the bytes of every input file it names; its output is kept
 * under that key in a shared folder, and an identical run anywhere later (another file,
 * worker, project, or the next `npm test`) copies the kept file instead of synthesising or
 * encoding again. The two backends' API projects no longer each speak the same sentences.
 * A run that fails is never kept: it throws, as execFileSync does, every time.
 */
export const FIXTURE_CACHE_DIR =
  process.env.VOXPAD_FIXTURE_CACHE ?? path.join(os.tmpdir(), 'voxpad-test-fixtures');

const versions = new Map<string, string>();

function versionOf(tool: string): string {
  let version = versions.get(tool);
  if (version === undefined) {
    // flite prints its version and exits with 1; what it printed is what counts.
    const probe = spawnSync(tool, [tool === 'ffmpeg' ? '-version' : '--version'], { encoding: 'utf8' });
    if (probe.error) throw probe.error;
    version = `${probe.stdout}${probe.stderr}`;
    versions.set(tool, version);
  }
  return version;
}

function isFile(arg: string): boolean {
  try {
    return fs.statSync(arg).isFile();
  } catch {
    return false;
  }
}

/**
 * Runs `tool args`, which writes the file `output` (one of `args`), or copies the output of
 * an identical earlier run to `output`. Returns `output`.
 */
export function cachedToolRun(tool: string, args: readonly string[], output: string): string {
  const key = createHash('sha256').update(`${tool}\0${versionOf(tool)}\0`);
  // sox reads options from SOX_OPTS too (the test configs set -R: the same dither each run).
  if (tool === 'sox') key.update(`SOX_OPTS=${process.env.SOX_OPTS ?? ''}\0`);
  for (const arg of args) {
    if (arg === output) key.update(`<output${path.extname(output)}>`);
    else if (isFile(arg))
      key.update(`<file ${createHash('sha256').update(fs.readFileSync(arg)).digest('hex')}>`);
    else key.update(arg);
    key.update('\0');
  }
  const kept = path.join(FIXTURE_CACHE_DIR, `${key.digest('hex')}${path.extname(output)}`);
  if (fs.existsSync(kept)) {
    fs.copyFileSync(kept, output);
    return output;
  }
  execFileSync(tool, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  fs.mkdirSync(FIXTURE_CACHE_DIR, { recursive: true });
  // Kept under a name of its own first: no reader ever copies a half-written file.
  const partial = `${kept}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  fs.copyFileSync(output, partial);
  fs.renameSync(partial, kept);
  return output;
}
