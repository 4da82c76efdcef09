/**
 * The PostgreSQL job relay sends its signals one at a time on its connection: a burst published
 * at once all arrives, in order, and node-postgres has no reason to warn that a query was sent
 * while another ran (it will refuse that from pg 9 on). Stop 34's CI run printed that warning.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { POSTGRES_ADMIN_URL, currentBackend } from '../support/test-database.ts';

const script = path.join(import.meta.dirname, 'support/relay-burst.ts');

// What it tests is PostgreSQL's LISTEN/NOTIFY: it runs in the PostgreSQL project.
describe.runIf(currentBackend() === 'postgres')('PostgreSQL job relay', () => {
  it('sends a burst of signals one at a time, all of them, in order', async () => {
    const count = 40;
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', script, POSTGRES_ADMIN_URL, String(count)],
      { cwd: path.join(import.meta.dirname, '../..'), timeout: 60_000 },
    );
    const { heard } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { heard: string[] };
    expect(heard).toEqual(Array.from({ length: count }, (_, i) => `note-${i}`));
    expect(stderr).not.toMatch(/DeprecationWarning|already executing a query/);
  });
});
