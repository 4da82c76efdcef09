import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export interface CommandResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

const serverDir = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The command's built bundle (dist/cli/<name>.js) when the build is fresh (vitest.config.ts sets
 * VOXPAD_WORKER_BUNDLE only then; one build makes both), else its source through tsx: starting
 * through tsx costs seconds of CPU on a busy machine, and the backup tests run six commands.
 */
function commandArgs(name: string): string[] {
  const worker = process.env.VOXPAD_WORKER_BUNDLE;
  const bundle = worker ? path.join(path.dirname(worker), 'cli', `${name}.js`) : undefined;
  if (bundle && fs.existsSync(bundle)) return [bundle];
  return ['--import', 'tsx', path.join(serverDir, 'src/cli', `${name}.ts`)];
}

/**
 * Runs one of the server's commands (src/cli/<name>.ts) as its own process, the way
 * `npm run <name>` does (from the fresh bundle when there is one), with only `env` (and PATH) in its environment. `killWhen` sees each
 * stderr line and may return true to kill the process there (SIGKILL), as a crash would.
 */
export function runCommand(
  name: string,
  args: string[],
  env: Record<string, string>,
  killWhen?: (line: string) => boolean,
): Promise<CommandResult> {
  const child = spawn(process.execPath, [...commandArgs(name), ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    stderr += text;
    if (!killWhen) return;
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    if (lines.some(killWhen)) child.kill('SIGKILL');
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
