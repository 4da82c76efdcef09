import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

export type Backend = 'sqlite' | 'postgres';

export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function currentBackend(): Backend {
  const value = process.env.TEST_DB ?? 'sqlite';
  if (value !== 'sqlite' && value !== 'postgres') throw new Error(`Unknown TEST_DB "${value}"`);
  return value;
}

const dbSources = path.resolve(import.meta.dirname, '../../src/db');

/**
 * A digest of what the migrated schema is made from: the migrations and the code that runs
 * them. Templates are named after it, so a changed migration gets a template of its own.
 */
export function schemaDigest(): string {
  const hash = createHash('sha256');
  const migrations = path.join(dbSources, 'migrations');
  const files = [
    path.join(dbSources, 'migrate.ts'),
    ...fs
      .readdirSync(migrations)
      .sort()
      .map((name) => path.join(migrations, name)),
  ];
  for (const file of files) hash.update(path.basename(file)).update('\0').update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

function postgresUrl(database: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

async function databaseExists(admin: pg.Client, name: string): Promise<boolean> {
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  return (rowCount ?? 0) > 0;
}

let postgresTemplateMade: Promise<string> | undefined;

/**
 * The name of a PostgreSQL database migrated to the latest schema, which test databases are
 * copied from (CREATE DATABASE ... TEMPLATE) instead of each running every migration. Made
 * once per schema digest, by the real migrations: in a database of its own, renamed to the
 * template's name only once migrated, so a template is never seen half made, whichever
 * process or run makes it first. Nobody may connect to it (a connection would block copies).
 */
export function postgresTemplate(): Promise<string> {
  postgresTemplateMade ??= makePostgresTemplate().catch((error: unknown) => {
    postgresTemplateMade = undefined;
    throw error;
  });
  return postgresTemplateMade;
}

async function makePostgresTemplate(): Promise<string> {
  const name = `voxpad_template_${schemaDigest()}`;
  return withAdmin(async (admin) => {
    if (await databaseExists(admin, name)) return name;
    const making = `${name}_making_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${making}`);
    try {
      const db = createDatabase({ kind: 'postgres', url: postgresUrl(making) });
      try {
        await migrateToLatest(db);
      } finally {
        await db.destroy();
      }
      // WITH (FORCE) is not for renames: wait until the pool's connections have gone.
      await connectionsClosed(admin, making);
      await admin.query(`ALTER DATABASE ${making} RENAME TO ${name}`);
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    } catch (error) {
      await admin.query(`DROP DATABASE IF EXISTS ${making} WITH (FORCE)`);
      // Another process made it meanwhile: use theirs.
      if (await databaseExists(admin, name)) return name;
      throw error;
    }
    return name;
  });
}

/**
 * pg's pool resolves end() before its connections have finished closing: wait, briefly, until
 * the server has let go of every connection to `database`.
 */
async function connectionsClosed(admin: pg.Client, database: string): Promise<void> {
  for (let i = 0; i < 250; i++) {
    const { rows } = await admin.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = $1',
      [database],
    );
    if (Number(rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Connections to ${database} did not close within 5 s`);
}

/**
 * A fresh PostgreSQL database for one test app; drop() removes it. Empty by default (for
 * tests of the commands that fill one: migrate-store, restore); `migrated: true` copies the
 * migrated template, which is what the app would make of an empty one, in a fraction of the time.
 */
export async function createPostgresDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `voxpad_test_${randomBytes(6).toString('hex')}`;
  const template = options.migrated ? await postgresTemplate() : undefined;
  await withAdmin((admin) =>
    admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  return {
    url: postgresUrl(name),
    drop: () =>
      withAdmin(async (admin) => void (await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

let sqliteTemplateMade: Promise<string> | undefined;

/**
 * A SQLite file migrated to the latest schema, which test apps copy instead of each running
 * every migration; made once per schema digest (in the system's temporary folder), written
 * under another name and renamed when whole.
 */
export function sqliteTemplate(): Promise<string> {
  sqliteTemplateMade ??= makeSqliteTemplate().catch((error: unknown) => {
    sqliteTemplateMade = undefined;
    throw error;
  });
  return sqliteTemplateMade;
}

export const TEMPLATE_DIR = path.join(os.tmpdir(), 'voxpad-test-templates');

async function makeSqliteTemplate(): Promise<string> {
  const file = path.join(TEMPLATE_DIR, `sqlite-${schemaDigest()}.sqlite`);
  if (fs.existsSync(file)) return file;
  const making = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
  const db = createDatabase({ kind: 'sqlite', file: making });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  // Closing the last connection folds the write-ahead log into the file; a copy of the file
  // alone must hold everything.
  if (fs.existsSync(`${making}-wal`)) throw new Error(`SQLite left a write-ahead log next to ${making}`);
  fs.renameSync(making, file);
  return file;
}

/** Puts a copy of the migrated SQLite template at `file`. */
export async function copySqliteTemplate(file: string): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.copyFileSync(await sqliteTemplate(), file);
}
