import { spawn, spawnSync } from 'node:child_process';

/** True when `command` (pg_dump, pg_restore) can be run from PATH. */
export function hasCommand(command: string): boolean {
  return spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;
}

/**
 * The connection URL without its password, and the password apart: the password goes to
 * pg_dump through PGPASSWORD, never on a command line other users of the machine can read.
 */
export function splitPassword(url: string): { url: string; password: string | undefined } {
  const parsed = new URL(url);
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.password = '';
  return { url: parsed.toString(), password };
}

/** The dump recipe of docs/deploy.md, with the database URL's password left out. */
export function pgDumpRecipe(url: string, dumpFile: string): string {
  return `pg_dump --format=custom --no-owner --file ${dumpFile} '${splitPassword(url).url}'`;
}

/** The restore recipe of docs/deploy.md: into an empty database, as the owner the server connects as. */
export function pgRestoreRecipe(dumpFile: string): string {
  return `pg_restore --no-owner --exit-on-error --dbname "$DATABASE_URL" ${dumpFile}`;
}

/** Runs pg_dump into `file` (custom format: compressed, restorable table by table). */
export async function runPgDump(url: string, file: string): Promise<void> {
  const { url: safe, password } = splitPassword(url);
  const child = spawn('pg_dump', ['--format=custom', '--no-owner', '--file', file, safe], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`pg_dump failed (exit ${code}): ${stderr.trim()}`);
}
