// Bundles the server and the transcription worker into dist/. Workspace packages (our
// shared schemas, written in TypeScript) are bundled in; npm dependencies stay external
// and load from node_modules, native addons included.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@voxpad/'));

await build({
  entryPoints: {
    server: 'src/server.ts',
    'transcription-worker': 'src/transcription/worker-thread.ts',
    // A build mixes the stock and personal language models in this process of its own
    // (adaptation/language/mix/merged-model.ts).
    'mix-language-models': 'src/adaptation/language/mix/mix-process.ts',
    // The whisper engine forks this next to the bundle (see transcription/whisper/engine.ts).
    'whisper-host': 'src/transcription/whisper/host.ts',
    // The operator's commands, as `npm run backup` etc. run them from source (the tests run
    // these when the bundle is fresh: a start through tsx costs seconds of CPU each time).
    'cli/backup': 'src/cli/backup.ts',
    'cli/restore': 'src/cli/restore.ts',
    'cli/sweep': 'src/cli/sweep.ts',
    'cli/migrate-store': 'src/cli/migrate-store.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  // Bundled ESM still needs require() for the CommonJS dependencies it imports.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});

// Data files the bundle reads at run time, next to it.
copyFileSync('src/auth/password/common-passwords.txt.gz', 'dist/common-passwords.txt.gz');

// The SQLite ranking function the search uses (native/bm25-tf.c, ADR 0070), compiled against the
// SQLite that better-sqlite3 bundles. Without a C compiler the server still runs: the search
// then ranks with FTS5's own bm25(), slower at a million notes (db/sqlite-extensions.ts).
const sqliteHeaders = path.join(
  path.dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')),
  'deps',
  'sqlite3',
);
mkdirSync('dist/native', { recursive: true });
try {
  execFileSync(
    process.env.CC ?? 'cc',
    ['-O2', '-fPIC', '-shared', '-I', sqliteHeaders, 'native/bm25-tf.c', '-o', 'dist/native/bm25-tf.so'],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
} catch (error) {
  console.warn(`The search's ranking function was not built (${error.message}); search ranks with bm25().`);
}
