import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type SQLite from 'better-sqlite3';

/**
 * SQLite functions of our own, compiled by the server's build (build.mjs, from native/). One so
 * far: `bm25_tf`, FTS5's bm25() without the inverse document frequency that costs a count of
 * the phrase over the whole table on every search (ADR 0070).
 */
const BM25_TF = 'bm25-tf.so';
/** Where the build leaves it, seen from this module in the sources, the bundle, or dist/cli/. */
const CANDIDATES = [`../../dist/native/${BM25_TF}`, `./native/${BM25_TF}`, `../native/${BM25_TF}`].map(
  (relative) => fileURLToPath(new URL(relative, import.meta.url)),
);

const loaded = new WeakSet<object>();
let found: string | null | undefined;

function extensionFile(): string | null {
  if (found === undefined) found = CANDIDATES.find((file) => fs.existsSync(file)) ?? null;
  return found;
}

/**
 * Loads our functions into a new connection. Missing or refused, the connection works as
 * before: callers ask `hasBm25Tf` and rank with bm25() instead.
 */
export function loadSqliteExtensions(sqlite: SQLite.Database, owner: object): void {
  const file = extensionFile();
  if (!file) return;
  try {
    sqlite.loadExtension(file);
    loaded.add(owner);
  } catch (error) {
    process.emitWarning(`SQLite ranking function not loaded from ${file}: ${(error as Error).message}`);
  }
}

/** Whether this database's connection has `bm25_tf` (only ever a SQLite one). */
export function hasBm25Tf(db: object): boolean {
  return loaded.has(db);
}
