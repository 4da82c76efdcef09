// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the built app, once, at
// build time and at the highest levels, so the server sends them as they are (@fastify/static's
// preCompressed) and `npm start` without a proxy does not send raw JavaScript (ADR 0051).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this, compression saves less than the headers it costs. */
const MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

const dist = path.resolve(process.argv[2] ?? 'dist');
let raw = 0;
let brotlied = 0;
let count = 0;
for await (const file of files(dist)) {
  if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  raw += content.length;
  brotlied += br.length;
  count += 1;
}
console.log(
  `precompressed ${count} files: ${(raw / 1024).toFixed(0)} KiB -> ${(brotlied / 1024).toFixed(0)} KiB brotli`,
);
