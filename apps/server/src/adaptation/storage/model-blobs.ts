/**
 * A build's files in blob storage (local files or S3), so any worker process can load them
 * (ADR 0038): `adaptation/<user>/<build>/<n>.bin` per file and a `manifest.json` naming them,
 * written last, so a build without a manifest is unfinished and never read.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { BlobStorage } from '../../storage/blob-storage.ts';

interface Manifest {
  files: Array<{ key: string; path: string; sizeBytes: number }>;
}

export const userModelPrefix = (userId: string): string => `adaptation/${userId}/`;
const buildPrefix = (userId: string, buildId: string): string => `${userModelPrefix(userId)}${buildId}/`;
const manifestKey = (userId: string, buildId: string): string =>
  `${buildPrefix(userId, buildId)}manifest.json`;

/** Stores every file under `dir`; returns the bytes stored. */
export async function storeModel(
  storage: BlobStorage,
  userId: string,
  buildId: string,
  dir: string,
): Promise<number> {
  const manifest: Manifest = { files: [] };
  let total = 0;
  for (const path of await filesUnder(dir)) {
    const key = `${buildPrefix(userId, buildId)}${manifest.files.length}.bin`;
    const { sizeBytes } = await storage.put(key, createReadStream(join(dir, path)));
    manifest.files.push({ key, path: path.split(sep).join('/'), sizeBytes });
    total += sizeBytes;
  }
  await storage.put(manifestKey(userId, buildId), Readable.from([Buffer.from(JSON.stringify(manifest))]));
  return total;
}

/** Writes a stored build's files into `dir` (made if missing). */
export async function fetchModel(
  storage: BlobStorage,
  userId: string,
  buildId: string,
  dir: string,
): Promise<void> {
  const manifest = JSON.parse(
    Buffer.from(await storage.read(manifestKey(userId, buildId))).toString('utf8'),
  ) as Manifest;
  for (const file of manifest.files) {
    const target = join(dir, file.path);
    if (relative(dir, target).startsWith('..') || !file.key.startsWith(buildPrefix(userId, buildId))) {
      throw new Error(`The model manifest of build ${buildId} names a file outside it: ${file.path}`);
    }
    await mkdir(dirname(target), { recursive: true });
    await pipeline(await storage.get(file.key), createWriteStream(target));
  }
}

/** Removes the person's stored builds, all of them or all but `keep`. Returns how many blobs went. */
export async function removeModels(storage: BlobStorage, userId: string, keep?: string): Promise<number> {
  const kept = keep === undefined ? undefined : buildPrefix(userId, keep);
  let removed = 0;
  const keys: string[] = [];
  for await (const blob of storage.list(userModelPrefix(userId))) {
    if (kept === undefined || !blob.key.startsWith(kept)) keys.push(blob.key);
  }
  for (const key of keys) {
    await storage.delete(key);
    removed++;
  }
  return removed;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}
