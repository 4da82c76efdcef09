/**
 * Sessions and pad-list versions are cached by each API process (ADR 0013, ADR 0023) and must
 * stay exact when another process, or a tool on the database, changes them: a session ended
 * through API 1 is refused by API 2 on the very next request, a pad made through API 1 is in
 * API 2's list at once. Two apps on one database: PostgreSQL (commits announced by triggers
 * over LISTEN/NOTIFY) or one SQLite file (its data_version).
 */
import pg from 'pg';
import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@voxpad/shared/pagination';
import type { Pad } from '@voxpad/shared/pads';
import { createDatabase, type Db } from '../../src/db/database.ts';
import {
  CACHE_CHANNEL,
  CACHE_SIGNALS_APPLICATION,
  PostgresGeneration,
} from '../../src/db/postgres-generation.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { currentBackend } from '../support/test-database.ts';
import { signedUpClient, TestClient } from '../support/http-client.ts';

const SESSION = '/_headless/browser/v1/auth/session';
const ROUNDS = 15;
let one: TestApp;
let two: TestApp;
/** A third connection, as `npm run sweep`, psql or a restore would write. */
let tool: Db;

beforeAll(async () => {
  one = await startTestApp();
  const database = one.config.database;
  two = await startTestApp({
    DATA_DIR: one.dataDir,
    ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
  });
  tool = createDatabase(database);
});
afterAll(async () => {
  await tool.destroy();
  await two.close();
  await one.close();
});

/** The same browser (its cookies as they are now) talking to another API process. */
function through(app: TestApp, client: TestClient): TestClient {
  const twin = new TestClient(app.baseUrl);
  for (const [name, value] of client.cookies) twin.cookies.set(name, value);
  return twin;
}

const padNames = async (client: TestClient) =>
  (await client.get<Page<Pad>>('/api/v1/pad/')).body.results.map((pad) => pad.name);

describe(`caches across processes (${currentBackend()})`, () => {
  it('a session ended through one process is refused by the other on the next request', async () => {
    const { client, username, password } = await signedUpClient(one.baseUrl);
    for (let round = 0; round < ROUNDS; round++) {
      // Process two has the session cached from this request.
      expect((await through(two, client).get(SESSION)).status).toBe(200);
      expect((await through(two, client).get(SESSION)).status).toBe(200);
      const ended = through(two, client);
      expect((await client.delete(SESSION)).status).toBe(401);
      expect((await ended.get(SESSION)).status).toBe(401);
      expect((await ended.get('/api/v1/pad/')).status).toBe(401);
      await client.prime();
      const login = await client.post('/_headless/browser/v1/auth/login', { username, password });
      expect(login.status).toBe(200);
    }
  });

  it('a pad made, renamed or deleted through one process shows in the other at once', async () => {
    const { client } = await signedUpClient(one.baseUrl);
    const other = through(two, client);
    expect(await padNames(other)).toEqual([]);
    for (let round = 0; round < ROUNDS; round++) {
      const pad = (await client.post<Pad>('/api/v1/pad/', { name: `Pad ${round}` })).body;
      expect((await padNames(other))[0]).toBe(`Pad ${round}`);
      await client.put(`/api/v1/pad/${pad.id}/`, { name: `Renamed ${round}`, description: '' });
      expect((await padNames(other))[0]).toBe(`Renamed ${round}`);
      await client.delete(`/api/v1/pad/${pad.id}/`);
      expect(await padNames(other)).not.toContain(`Renamed ${round}`);
    }
  });

  it('sees what a tool writes straight to the database', async () => {
    const { client } = await signedUpClient(one.baseUrl);
    const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Before' })).body;
    for (const app of [one, two]) {
      const browser = through(app, client);
      expect(await padNames(browser)).toEqual(['Before']);
      expect((await browser.get(SESSION)).status).toBe(200);
    }
    await tool.updateTable('pads').set({ name: 'After' }).where('id', '=', pad.id).execute();
    for (const app of [one, two]) expect(await padNames(through(app, client))).toEqual(['After']);
    await tool.deleteFrom('sessions').execute();
    for (const app of [one, two]) expect((await through(app, client).get(SESSION)).status).toBe(401);
  });

  it.runIf(currentBackend() === 'postgres')(
    'stays exact while its signal connection is lost and after it is back',
    async () => {
      const database = one.config.database;
      if (database.kind !== 'postgres') throw new Error('PostgreSQL only');
      const { client } = await signedUpClient(one.baseUrl);
      const other = through(two, client);
      await client.post<Pad>('/api/v1/pad/', { name: 'First' });
      expect(await padNames(other)).toEqual(['First']);

      // Cut every process's cache-signal connection, as a database failover would.
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ pid: number }>(
          `select pid from pg_stat_activity
            where datname = current_database() and application_name = $1`,
          [CACHE_SIGNALS_APPLICATION],
        );
        expect(rows.length).toBeGreaterThanOrEqual(2);
        for (const { pid } of rows) await admin.query('select pg_terminate_backend($1)', [pid]);
      } finally {
        await admin.end();
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (let round = 0; round < 5; round++) {
        await client.post<Pad>('/api/v1/pad/', { name: `While lost ${round}` });
        expect((await padNames(other))[0]).toBe(`While lost ${round}`);
      }
      // Listening again within about a second; still exact afterwards.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      for (let round = 0; round < 5; round++) {
        await client.post<Pad>('/api/v1/pad/', { name: `Back ${round}` });
        expect((await padNames(other))[0]).toBe(`Back ${round}`);
      }
    },
  );

  it.runIf(currentBackend() === 'postgres')(
    'reads asked in one turn share one round trip, and each counts a commit made just before',
    async () => {
      const database = one.config.database;
      if (database.kind !== 'postgres') throw new Error('PostgreSQL only');
      const generation = new PostgresGeneration(database.url);
      await generation.listen(pino({ level: 'silent' }));
      try {
        for (let round = 0; round < 5; round++) {
          const earlier = await generation.at({});
          expect(earlier).toBeDefined();
          // Another connection commits a change to a cached table, as a trigger announces it.
          await sql`select pg_notify(${CACHE_CHANNEL}, 'users')`.execute(tool);
          const sent = generation.roundTrips;
          // Twenty requests read in one turn of the event loop (each its own scope).
          const seen = await Promise.all(Array.from({ length: 20 }, () => generation.at({})));
          expect(generation.roundTrips - sent).toBe(1);
          for (const value of seen) expect(value).toBeGreaterThan(earlier!);
        }
      } finally {
        await generation.close();
      }
    },
  );
});
