import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { POSTGRES_ADMIN_URL, type Backend } from './test-database.ts';

/** Fails the run at once, with a clear message, when the requested backend is unreachable. */
export default async function setup(project: TestProject) {
  const backend = (project.config.env.TEST_DB ?? 'sqlite') as Backend;
  if (backend === 'postgres') {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      const { rows } = await client.query<{ version: string }>('select version()');
      process.stdout.write(
        `[${project.name}] database backend: postgres (${rows[0]?.version.split(',')[0]})\n`,
      );
    } catch (error) {
      throw new Error(
        `The PostgreSQL backend was requested (TEST_DATABASES) but ${POSTGRES_ADMIN_URL} cannot be reached: ${String(error)}`,
      );
    } finally {
      await client.end().catch(() => undefined);
    }
  } else {
    process.stdout.write(`[${project.name}] database backend: sqlite\n`);
  }
}
