import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseCoding, COMPRESS_MIN_BYTES } from '../../src/http/compression.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 24: `npm start` without a proxy sent 580 KB of raw JavaScript to a phone. The server
 * now sends the web app's files precompressed at build time, and compresses the product API's
 * larger JSON answers to GET requests itself (ADR 0051).
 */
const INDEX = `<!doctype html><title>Voxpad</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;
const SCRIPT = `console.log(${JSON.stringify('voxpad '.repeat(400))});`;

let server: TestApp;
let distDir: string;
let client: TestClient;

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET without any decoding on the way, so the bytes on the wire are what the test sees. */
function rawGet(urlPath: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.baseUrl}${urlPath}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

function decode(answer: RawAnswer): string {
  const coding = answer.headers['content-encoding'];
  if (coding === 'br') return zlib.brotliDecompressSync(answer.body).toString();
  if (coding === 'gzip') return zlib.gunzipSync(answer.body).toString();
  return answer.body.toString();
}

const cookieOf = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'voxpad-web-dist-'));
  await fs.mkdir(path.join(distDir, 'assets'));
  const files: [string, string][] = [
    ['index.html', INDEX],
    ['assets/app-1234.js', SCRIPT],
  ];
  for (const [name, content] of files) {
    const file = path.join(distDir, name);
    await fs.writeFile(file, content);
    // As apps/web/scripts/precompress.mjs writes them at build time.
    await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(content));
    await fs.writeFile(`${file}.gz`, zlib.gzipSync(content));
  }
  // A file the build left raw (under its size floor): still served, never as a missing .br.
  await fs.writeFile(path.join(distDir, 'assets', 'tiny-1.js'), 'void 0;');
  server = await startTestApp({ WEB_DIST_DIR: distDir });
  ({ client } = await signedUpClient(server.baseUrl));
  // Enough pads that the list is well over the size floor.
  for (let i = 0; i < 12; i++) {
    const res = await client.post('/api/v1/pad/', {
      name: `Pad ${i} with a long enough name to count`,
      description: 'x'.repeat(80),
    });
    expect(res.status).toBe(201);
  }
});

afterAll(async () => {
  await server?.close();
  if (distDir) await fs.rm(distDir, { recursive: true, force: true });
});

describe('what the server sends compressed', () => {
  it('sends the web app’s files precompressed to a client that takes brotli or gzip, raw to one that does not', async () => {
    for (const [urlPath, content] of [
      ['/assets/app-1234.js', SCRIPT],
      ['/', INDEX],
      ['/pad/01abc', INDEX],
    ] as const) {
      const br = await rawGet(urlPath, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.status, urlPath).toBe(200);
      expect(br.headers['content-encoding'], urlPath).toBe('br');
      expect(br.headers.vary, urlPath).toMatch(/accept-encoding/i);
      expect(br.body.length, urlPath).toBeLessThan(Buffer.byteLength(content) / 3);
      expect(decode(br), urlPath).toBe(content);

      const gz = await rawGet(urlPath, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding'], urlPath).toBe('gzip');
      expect(decode(gz), urlPath).toBe(content);

      const plain = await rawGet(urlPath);
      expect(plain.headers['content-encoding'], urlPath).toBeUndefined();
      expect(plain.body.toString(), urlPath).toBe(content);
    }
    const tiny = await rawGet('/assets/tiny-1.js', { 'accept-encoding': 'br' });
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('void 0;');
  });

  it('compresses a large JSON answer of the product API, in the coding the client prefers', async () => {
    const plain = await rawGet('/api/v1/pad/', { cookie: cookieOf(client) });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const json = plain.body.toString();

    const br = await rawGet('/api/v1/pad/', { cookie: cookieOf(client), 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(decode(br))).toEqual(JSON.parse(json));

    const gz = await rawGet('/api/v1/pad/', { cookie: cookieOf(client), 'accept-encoding': 'br;q=0, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(gz))).toEqual(JSON.parse(json));

    const refused = await rawGet('/api/v1/pad/', { cookie: cookieOf(client), 'accept-encoding': 'identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString()).toBe(json);
  });

  it('leaves small answers, the auth API and answers to unsafe requests as they are', async () => {
    const cookie = cookieOf(client);
    const small = await rawGet('/api/v1/settings/', { cookie, 'accept-encoding': 'br' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();

    const auth = await rawGet('/_headless/browser/v1/config', { 'accept-encoding': 'br' });
    expect(auth.status).toBe(200);
    expect(auth.headers['content-encoding']).toBeUndefined();

    const created = await client.request('POST', '/api/v1/pad/', {
      json: { name: 'Created', description: 'y'.repeat(COMPRESS_MIN_BYTES) },
      headers: { 'accept-encoding': 'br' },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-encoding')).toBeNull();
  });
});

describe('chooseCoding', () => {
  it('prefers brotli, honours q=0 and a wildcard', () => {
    expect(chooseCoding(undefined)).toBeUndefined();
    expect(chooseCoding('gzip, deflate, br')).toBe('br');
    expect(chooseCoding('gzip')).toBe('gzip');
    expect(chooseCoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseCoding('identity')).toBeUndefined();
    expect(chooseCoding('*')).toBe('br');
    expect(chooseCoding('*;q=0, gzip')).toBe('gzip');
    expect(chooseCoding('GZIP;Q=1')).toBe('gzip');
    expect(chooseCoding('br;q=nonsense')).toBeUndefined();
  });
});
