/**
 * Downloads a whisper.cpp ggml model and checks its SHA-256:
 *
 *   npm run download-model -w @voxpad/server -- base.en [--dir models] [--base-url URL]
 *
 * Then start the server with TRANSCRIBER=whisper WHISPER_MODEL_PATH=<the printed path>.
 * The file is written as <name>.part while it streams and only renamed once its hash
 * matches the table below, so an interrupted or tampered download never looks finished.
 * `--base-url` (or WHISPER_MODEL_BASE_URL) points at a mirror holding the same files.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

export const DEFAULT_BASE_URL = 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main';

/**
 * SHA-256 of the published ggml files (huggingface.co/ggerganov/whisper.cpp), as listed by
 * independent projects that pin them (and, for tiny/base/small, agreeing across two).
 * whisper.cpp's own models/README lists SHA-1 only. A name missing here is refused.
 */
export const MODEL_SHA256: Readonly<Record<string, string>> = {
  tiny: 'be07e048e1e599ad46341c8d2a135645097a538221678b7acdd1b1919c6e1b21',
  'tiny.en': '921e4cf8686fdd993dcd081a5da5b6c365bfde1162e72b08d75ac75289920b1f',
  base: '60ed5bc3dd14eea856493d334349b405782ddcaf0028d4b5df4088345fba2efe',
  'base.en': 'a03779c86df3323075f5e796cb2ce5029f00ec8869eee3fdfb897afe36c6d002',
  small: '1be3a9b2063867b937e64e2ec7483364a79917e157fa98c5d94b5c1fffea987b',
  'small.en': 'c6138d6d58ecc8322097e0f987c32f1be8bb0a18532a3f88f734d1bbf9c41e5d',
  medium: '6c14d5adee5f86394037b4e4e8b59f1673b6cee10e3cf0b11bbdbee79c156208',
  'medium.en': 'cc37e93478338ec7700281a7ac30a10128929eb8f427dda2e865faa8f6da4356',
  'large-v3': '64d182b440b98d5203c4f9bd541544d84c605196c4f7b845dfa11fb23594d1e2',
  'large-v3-turbo': '1fc70f774d38eb169993ac391eea357ef47c88757ef72ee5943879b7e8e2bc69',
};

export class DownloadError extends Error {
  override readonly name = 'DownloadError';
}

export interface DownloadOptions {
  name: string;
  dir: string;
  baseUrl?: string;
  /** Known hashes; defaults to MODEL_SHA256 (tests pass their own). */
  hashes?: Readonly<Record<string, string>>;
  /** Where progress goes; a TTY gets a redrawn bar, anything else plain lines. */
  out?: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  fetch?: typeof fetch;
}

export function modelFileName(name: string): string {
  return `ggml-${name}.bin`;
}

const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);

/** Progress output: a bar redrawn in place on a terminal, a line per 10% elsewhere. */
export function progressReporter(
  out: NonNullable<DownloadOptions['out']>,
  label: string,
  total: number | undefined,
) {
  let lastStep = -1;
  let lastDraw = 0;
  return {
    update(received: number, done = false) {
      const fraction = total ? Math.min(1, received / total) : undefined;
      if (out.isTTY) {
        const now = Date.now();
        if (!done && now - lastDraw < 100) return;
        lastDraw = now;
        const width = 30;
        const bar =
          fraction === undefined
            ? ''
            : `[${'#'.repeat(Math.round(fraction * width)).padEnd(width, ' ')}] ${Math.floor(fraction * 100)}% `;
        out.write(`\r${label} ${bar}${mb(received)}${total ? `/${mb(total)}` : ''} MB`);
        if (done) out.write('\n');
        return;
      }
      const step = fraction === undefined ? Math.floor(received / 10_485_760) : Math.floor(fraction * 10);
      if (step === lastStep && !done) return;
      lastStep = step;
      const percent = fraction === undefined ? '' : `${Math.floor(fraction * 100)}% `;
      out.write(`${label} ${percent}(${mb(received)}${total ? ` of ${mb(total)}` : ''} MB)\n`);
    },
  };
}

/** Downloads `name` into `dir`, verifies it and returns the final path. */
export async function downloadModel(options: DownloadOptions): Promise<string> {
  const { name, dir, out = process.stderr } = options;
  const hashes = options.hashes ?? MODEL_SHA256;
  const expected = hashes[name];
  if (!expected) {
    throw new DownloadError(
      `Unknown model "${name}": no published SHA-256 is known for it, so it cannot be verified. ` +
        `Known models: ${Object.keys(hashes).join(', ')}.`,
    );
  }
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const url = `${baseUrl}/${modelFileName(name)}`;
  const target = path.resolve(dir, modelFileName(name));
  const partial = `${target}.part`;
  await mkdir(path.dirname(target), { recursive: true });

  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, { redirect: 'follow' });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new DownloadError(
      `Could not reach ${new URL(url).host} to download ${name} (${cause?.code ?? cause?.message ?? String(error)}). ` +
        'Check the internet connection or proxy, or download the file elsewhere and set WHISPER_MODEL_PATH to it.',
    );
  }
  if (!response.ok || !response.body) {
    throw new DownloadError(`${url} answered ${response.status} ${response.statusText}; nothing was saved.`);
  }
  const lengthHeader = Number(response.headers.get('content-length'));
  const total = Number.isFinite(lengthHeader) && lengthHeader > 0 ? lengthHeader : undefined;
  const progress = progressReporter(out, `Downloading ${modelFileName(name)}`, total);
  const hash = createHash('sha256');
  let received = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      received += chunk.length;
      hash.update(chunk);
      progress.update(received);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      meter,
      createWriteStream(partial),
    );
  } catch (error) {
    await rm(partial, { force: true });
    throw new DownloadError(
      `The download of ${name} broke off after ${mb(received)} MB: ${(error as Error).message}`,
    );
  }
  progress.update(received, true);
  const actual = hash.digest('hex');
  if (actual !== expected) {
    await rm(partial, { force: true });
    throw new DownloadError(
      `Checksum mismatch for ${modelFileName(name)}: expected SHA-256 ${expected}, got ${actual}. ` +
        'The file was deleted; try again, or check the mirror you download from.',
    );
  }
  await rename(partial, target);
  return target;
}

function parseArgs(argv: string[]): { name: string | undefined; dir: string; baseUrl: string | undefined } {
  let name: string | undefined;
  let dir = process.env.WHISPER_MODELS_DIR ?? 'models';
  let baseUrl = process.env.WHISPER_MODEL_BASE_URL;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--dir') dir = argv[++i] ?? dir;
    else if (arg === '--base-url') baseUrl = argv[++i];
    else if (!arg.startsWith('-')) name = arg;
  }
  return { name, dir, baseUrl };
}

export async function main(argv: string[]): Promise<number> {
  const { name, dir, baseUrl } = parseArgs(argv);
  if (!name) {
    process.stderr.write(
      `Usage: npm run download-model -w @voxpad/server -- <model> [--dir DIR] [--base-url URL]\n` +
        `Models: ${Object.keys(MODEL_SHA256).join(', ')}\n`,
    );
    return 2;
  }
  try {
    const file = await downloadModel({ name, dir, ...(baseUrl ? { baseUrl } : {}) });
    process.stdout.write(
      `Saved and verified ${file}\nStart the server with TRANSCRIBER=whisper WHISPER_MODEL_PATH=${file}\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof DownloadError) {
      process.stderr.write(`download-model: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${path.resolve(process.argv[1])}`).href) {
  process.exitCode = await main(process.argv.slice(2));
}
