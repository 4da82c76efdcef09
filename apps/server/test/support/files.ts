import { readdirSync, readlinkSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Every regular file under `dir` (relative paths), to prove uploads leave nothing behind. */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(current: string) {
    let entries;
    try {
      entries = await fs.readdir(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(path.relative(dir, full));
    }
  }
  await walk(dir);
  return out.sort();
}

/** The files this process holds open (Linux: /proc/self/fd), to prove a decode closed its input. */
export function openFiles(): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/self/fd/${fd}`)];
    } catch {
      return []; // closed while listed
    }
  });
}
