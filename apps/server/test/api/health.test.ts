import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { currentBackend } from '../support/test-database.ts';
import { TestClient } from '../support/http-client.ts';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await server.close();
});

describe('operations endpoints', () => {
  it('runs on the backend this project was asked for', async () => {
    const probe =
      currentBackend() === 'postgres'
        ? sql<{ v: string }>`select version() as v`
        : sql<{ v: string }>`select 'SQLite ' || sqlite_version() as v`;
    const { rows } = await probe.execute(server.db);
    expect(rows[0]?.v).toMatch(currentBackend() === 'postgres' ? /PostgreSQL/ : /SQLite/);
  });

  it('/healthz answers while the process lives', async () => {
    const res = await new TestClient(server.baseUrl).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('/readyz checks the database and storage', async () => {
    const res = await new TestClient(server.baseUrl).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } });
  });

  it('tags every response with a request id, reusing a sane incoming one', async () => {
    const client = new TestClient(server.baseUrl);
    const own = await client.get('/healthz', { 'x-request-id': 'trace-abc-123' });
    expect(own.headers.get('x-request-id')).toBe('trace-abc-123');
    const hostile = await client.get('/healthz', { 'x-request-id': 'bad id\twith spaces' });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers', async () => {
    const res = await new TestClient(server.baseUrl).get('/healthz');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('sends the API set of security headers on API responses', async () => {
    const res = await new TestClient(server.baseUrl).get('/api/v1/pad/');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cross-origin-opener-policy')).toBeNull();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await new TestClient(server.baseUrl).get('/api/v1/nothing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 404, errors: [{ code: 'not_found' }] });
  });
});
