import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { POSTGRES_ADMIN_URL, postgresTemplate, sqliteTemplate, type Backend } from './test-database.ts';

/**
 * Fails the run at once, with a clear message, when the requested backend is unreachable;
 * says which backend the project covers (and which files it leaves to one backend, see
 * vitest.config.ts); makes the migrated template its test apps copy, once, before any starts.
 */
export default async function setup(project: TestProject) {
  const backend = (project.config.env.TEST_DB ?? 'sqlite') as Backend;
  const left = Number(project.config.env.TEST_LEFT_TO_ONE_BACKEND ?? 0);
  const note =
    left > 0 ? `; ${left} backend-independent files run on ${project.config.env.TEST_ONE_BACKEND} only` : '';
  if (backend === 'postgres') {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      const { rows } = await client.query<{ version: string }>('select version()');
      process.stdout.write(
        `[${project.name}] database backend: postgres (${rows[0]?.version.split(',')[0]})${note}\n`,
      );
    } catch (error) {
      throw new Error(
        `The PostgreSQL backend was requested (TEST_DATABASES) but ${POSTGRES_ADMIN_URL} cannot be reached: ${String(error)}`,
      );
    } finally {
      await client.end().catch(() => undefined);
    }
    await postgresTemplate();
  } else {
    process.stdout.write(`[${project.name}] database backend: sqlite${note}\n`);
    await sqliteTemplate();
  }
}
