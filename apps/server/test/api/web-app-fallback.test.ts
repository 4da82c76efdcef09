import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 19: the web app is served to any GET that is not an API path, whatever the request
 * accepts (`curl /` got a JSON 404 before), while API paths and missing build files keep their
 * JSON 404, and the app's static files are not logged at info.
 */
const INDEX = '<!doctype html><title>Voxpad</title><div id="root"></div>';

let server: TestApp;
let distDir: string;
const logged: string[] = [];

/** A request as curl sends it: no Accept header beyond curl's own `*\/*`. */
function curl(urlPath: string, method = 'GET') {
  return fetch(`${server.baseUrl}${urlPath}`, { method, headers: { accept: '*/*' } });
}

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'voxpad-web-dist-'));
  await fs.mkdir(path.join(distDir, 'assets'));
  await fs.writeFile(path.join(distDir, 'index.html'), INDEX);
  await fs.writeFile(path.join(distDir, 'assets', 'app-1234.js'), 'console.log("app")');
  server = await startTestApp(
    { WEB_DIST_DIR: distDir, LOG_LEVEL: 'info' },
    { logStream: { write: (line: string) => void logged.push(line) } },
  );
});

afterAll(async () => {
  await server?.close();
  if (distDir) await fs.rm(distDir, { recursive: true, force: true });
});

describe('the web app at every page address', () => {
  it('answers / with the app for a client that accepts anything', async () => {
    const res = await curl('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toBe(INDEX);
  });

  it('answers client routes with the app, with and without an Accept header', async () => {
    for (const page of ['/pad/01abc', '/auth/login?redirect=%2F', '/player', '/account/password']) {
      const res = await curl(page);
      expect(res.status, page).toBe(200);
      expect(await res.text(), page).toBe(INDEX);
      const bare = await fetch(`${server.baseUrl}${page}`);
      expect(bare.status, page).toBe(200);
    }
    const head = await curl('/pad/01abc', 'HEAD');
    expect(head.status).toBe(200);
  });

  it('keeps the JSON 404 for unknown API paths, even for a browser asking for HTML', async () => {
    for (const api of [
      '/api/v1/nothing',
      '/api',
      '/_allauth/browser/v1/auth/session',
      '/v1/nothing',
      '/v1',
    ]) {
      const res = await fetch(`${server.baseUrl}${api}`, { headers: { accept: 'text/html,*/*' } });
      expect(res.status, api).toBe(404);
      expect(await res.json(), api).toMatchObject({ status: 404, errors: [{ code: 'not_found' }] });
    }
    // allauth's API answers its unknown paths in its own shape.
    const auth = await fetch(`${server.baseUrl}/_headless/browser/v1/nothing`, {
      headers: { accept: 'text/html,*/*' },
    });
    expect(auth.status).toBe(404);
    expect(await auth.json()).toMatchObject({ status: 404 });
  });

  it('answers a missing build file with a 404, not the app', async () => {
    const missing = await curl('/assets/app-old.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/json/);
    const present = await curl('/assets/app-1234.js');
    expect(present.status).toBe(200);
  });

  it('logs static file requests below info, and page loads as before', async () => {
    logged.length = 0;
    expect((await curl('/assets/app-1234.js')).status).toBe(200);
    expect((await curl('/pad/01abc')).status).toBe(200);
    expect((await curl('/healthz')).status).toBe(200);
    const urls = logged
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));
    expect(urls).not.toContain('/assets/app-1234.js');
    expect(urls).toContain('/pad/01abc');
  });
});
