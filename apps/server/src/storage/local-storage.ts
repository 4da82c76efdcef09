import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BlobStorage, StoredBlob } from './blob-storage.ts';
import { assertValidKey } from './storage-keys.ts';

/** Blobs as files in one directory tree; writes go to a temp file and are renamed in. */
export class LocalStorage implements BlobStorage {
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, '.tmp');
    fs.mkdirSync(this.tmpDir, { recursive: true });
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Readable): Promise<{ sizeBytes: number }> {
    const target = this.pathOf(key);
    const temp = path.join(this.tmpDir, `${randomBytes(8).toString('hex')}.part`);
    let sizeBytes = 0;
    body.on('data', (chunk: Buffer) => {
      sizeBytes += chunk.length;
    });
    try {
      await pipeline(body, fs.createWriteStream(temp, { flags: 'wx' }));
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(temp, target);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
    return { sizeBytes };
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const file = this.pathOf(key);
    await fsp.access(file);
    return fs.createReadStream(file, range);
  }

  localPath(key: string): string {
    return this.pathOf(key);
  }

  async read(key: string): Promise<Uint8Array> {
    return fsp.readFile(this.pathOf(key));
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await fsp.stat(this.pathOf(key))).size;
    } catch {
      return undefined;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<StoredBlob> {
    // Walk only the directory the prefix names; the rest of the prefix filters file names.
    const slash = prefix.lastIndexOf('/');
    const dir = slash < 0 ? '' : prefix.slice(0, slash);
    if (dir.includes('..')) throw new Error(`Invalid storage prefix: ${prefix}`);
    yield* this.walk(dir, prefix);
  }

  private async *walk(dir: string, prefix: string): AsyncIterable<StoredBlob> {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(path.join(this.root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const key = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (key === '.tmp') continue;
        if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) yield* this.walk(key, prefix);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        const stat = await fsp.stat(path.join(this.root, key)).catch(() => undefined);
        if (stat) yield { key, sizeBytes: stat.size, modifiedAt: stat.mtimeMs };
      }
    }
  }

  async check(): Promise<void> {
    await fsp.access(this.tmpDir, fs.constants.W_OK);
  }
}
