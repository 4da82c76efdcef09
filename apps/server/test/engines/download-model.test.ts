import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DownloadError, downloadModel, MODEL_SHA256 } from '../../src/cli/download-model.ts';

const payload = randomBytes(3 * 1024 * 1024 + 17);
const sha = createHash('sha256').update(payload).digest('hex');
let server: Server;
let baseUrl: string;
let dir: string;

/** Serves ggml-test.bin in small chunks (so progress moves), anything else 404. */
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url !== '/models/ggml-test.bin') {
      res.writeHead(404).end('not here');
      return;
    }
    res.writeHead(200, {
      'content-length': String(payload.length),
      'content-type': 'application/octet-stream',
    });
    let offset = 0;
    const next = () => {
      if (offset >= payload.length) return res.end();
      const chunk = payload.subarray(offset, offset + 256 * 1024);
      offset += chunk.length;
      res.write(chunk, next);
    };
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/models`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

class Capture extends Writable {
  text = '';
  constructor(readonly isTTY: boolean) {
    super();
  }
  override _write(chunk: Buffer, _encoding: string, callback: () => void) {
    this.text += chunk.toString();
    callback();
  }
}

describe('download-model', () => {
  it('ships a SHA-256 for every usual model name', () => {
    for (const name of ['tiny', 'tiny.en', 'base', 'base.en', 'small', 'small.en', 'medium', 'medium.en']) {
      expect(MODEL_SHA256[name]).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('downloads, verifies the checksum and reports progress as plain lines off a terminal', async () => {
    dir = mkdtempSync(join(tmpdir(), 'voxpad-dl-'));
    const out = new Capture(false);
    const file = await downloadModel({ name: 'test', dir, baseUrl, hashes: { test: sha }, out });
    expect(file).toBe(join(dir, 'ggml-test.bin'));
    expect(createHash('sha256').update(readFileSync(file)).digest('hex')).toBe(sha);
    expect(readdirSync(dir)).toEqual(['ggml-test.bin']);
    const lines = out.text.trim().split('\n');
    expect(out.text).not.toContain('\r');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.at(-1)).toMatch(/100% \(3\.0 of 3\.0 MB\)/);
  });

  it('draws a redrawn bar on a terminal', async () => {
    dir = mkdtempSync(join(tmpdir(), 'voxpad-dl-'));
    const out = new Capture(true);
    await downloadModel({ name: 'test', dir, baseUrl, hashes: { test: sha }, out });
    expect(out.text).toContain('\r');
    expect(out.text).toMatch(/\[#{30}\] 100% 3\.0\/3\.0 MB\n$/);
  });

  it('deletes the file when the checksum does not match', async () => {
    dir = mkdtempSync(join(tmpdir(), 'voxpad-dl-'));
    const wrong = 'f'.repeat(64);
    const error = await downloadModel({
      name: 'test',
      dir,
      baseUrl,
      hashes: { test: wrong },
      out: new Capture(false),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect((error as Error).message).toContain(
      `Checksum mismatch for ggml-test.bin: expected SHA-256 ${wrong}, got ${sha}`,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a model without a known hash', async () => {
    dir = mkdtempSync(join(tmpdir(), 'voxpad-dl-'));
    await expect(downloadModel({ name: 'huge-v9', dir, baseUrl })).rejects.toThrow(
      /Unknown model "huge-v9": no published SHA-256.*Known models: tiny, tiny\.en/,
    );
  });

  it('reports an HTTP error without leaving a file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'voxpad-dl-'));
    await expect(
      downloadModel({
        name: 'test',
        dir,
        baseUrl: `${baseUrl}/elsewhere`,
        hashes: { test: sha },
        out: new Capture(false),
      }),
    ).rejects.toThrow(/answered 404/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('fails with a clear message and exit code 1 when the host cannot be reached (CLI)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'voxpad-dl-'));
    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const run = promisify(execFile);
    const cli = new URL('../../src/cli/download-model.ts', import.meta.url).pathname;
    const error = await run(process.execPath, [
      '--import',
      'tsx',
      cli,
      'tiny',
      '--dir',
      dir,
      '--base-url',
      `http://127.0.0.1:${port}`,
    ]).catch((e: unknown) => e as { code: number; stderr: string });
    expect(error).toMatchObject({ code: 1 });
    expect((error as { stderr: string }).stderr).toMatch(
      /download-model: Could not reach 127\.0\.0\.1:\d+ to download tiny \(ECONNREFUSED\)\. Check the internet connection/,
    );
    expect(existsSync(join(dir, 'ggml-tiny.bin'))).toBe(false);
  });
});
