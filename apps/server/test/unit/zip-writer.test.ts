/**
 * The zip writer's ZIP64 records, which exports of more than 4 GiB (or 65535 files) need:
 * forced on small entries, they must read back the same in yauzl and in Info-ZIP's unzip.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ZipWriter } from '../../src/zip/zip-writer.ts';
import { unzip } from '../support/zip-files.ts';

async function written(forceZip64: boolean): Promise<Buffer> {
  const zip = new ZipWriter({ forceZip64 });
  async function* audio() {
    yield Buffer.alloc(70_000, 1);
    yield Buffer.from('end');
  }
  const parts: Buffer[] = [];
  for (const part of zip.file('notes/é.txt', Buffer.from('hello\n'))) parts.push(part);
  for await (const part of zip.stream('notes/audio.wav', audio(), { expectedSize: 70_003 })) parts.push(part);
  for (const part of zip.end()) parts.push(part);
  const bytes = Buffer.concat(parts);
  expect(zip.bytesWritten).toBe(bytes.length);
  return bytes;
}

describe('zip writer', () => {
  it.each([false, true])('writes a zip that yauzl and unzip read back (ZIP64: %s)', async (zip64) => {
    const bytes = await written(zip64);
    const files = await unzip(bytes);
    expect([...files.keys()]).toEqual(['notes/é.txt', 'notes/audio.wav']);
    expect(files.get('notes/é.txt')!.toString()).toBe('hello\n');
    expect(
      files.get('notes/audio.wav')!.equals(Buffer.concat([Buffer.alloc(70_000, 1), Buffer.from('end')])),
    ).toBe(true);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'voxpad-zip-'));
    try {
      await writeFile(path.join(dir, 'a.zip'), bytes);
      const { stdout } = await promisify(execFile)('unzip', ['-t', path.join(dir, 'a.zip')]);
      expect(stdout).toContain('No errors detected');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
