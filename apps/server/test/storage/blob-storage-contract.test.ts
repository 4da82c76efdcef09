import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStorage } from '../../src/storage/blob-storage.ts';
import { LocalStorage } from '../../src/storage/local-storage.ts';
import { createS3Client } from '../../src/storage/s3-client.ts';
import { S3_PART_SIZE, S3_QUEUE_SIZE, S3Storage } from '../../src/storage/s3-storage.ts';
import { S3TestServer } from '../support/s3-server.ts';

/**
 * One contract, two stores: files under a directory, and a bucket on a real S3-protocol
 * server (s3rver) on loopback. Each case gets a fresh store.
 */
let s3: S3TestServer;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  s3 = await S3TestServer.start();
});

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  await s3.close();
});

const stores: [string, () => Promise<BlobStorage>][] = [
  [
    'LocalStorage',
    async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'voxpad-blobs-'));
      cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
      return new LocalStorage(dir);
    },
  ],
  [
    'S3Storage',
    async () => {
      const storage = s3.storage(await s3.newBucket());
      cleanups.push(async () => storage.close());
      return storage;
    },
  ],
];

const MiB = 1024 * 1024;

/** Deterministic bytes: byte i of blob `seed` is (i * 31 + seed) mod 251. */
function pattern(length: number, seed = 0, offset = 0): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[i] = ((offset + i) * 31 + seed) % 251;
  return bytes;
}

/** A body produced on demand, chunk by chunk, so nothing holds it whole. */
function generated(totalBytes: number, onProduced?: (produced: number) => void): Readable {
  const chunkSize = 64 * 1024;
  let produced = 0;
  return new Readable({
    read() {
      if (produced >= totalBytes) {
        this.push(null);
        return;
      }
      const size = Math.min(chunkSize, totalBytes - produced);
      const chunk = pattern(size, 7, produced);
      produced += size;
      onProduced?.(produced);
      this.push(chunk);
    },
  });
}

/** A body that sends `bytes` and then breaks, as a client that goes away mid-upload. */
function breaksAfter(bytes: number): Readable {
  const body = generated(bytes + 10 * MiB);
  let sent = 0;
  body.on('data', (chunk: Buffer) => {
    sent += chunk.length;
    if (sent >= bytes) body.destroy(new Error('client went away'));
  });
  body.pause();
  return body;
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function listed(storage: BlobStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const blob of storage.list(prefix)) keys.push(blob.key);
  return keys.sort();
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(stores)('%s', (_name, makeStore) => {
  it('stores a body and gives it back whole, by range, and by size', async () => {
    const storage = await makeStore();
    const bytes = pattern(100_000, 1);
    await expect(storage.put('audio/u1/n1.wav', Readable.from([bytes]))).resolves.toEqual({
      sizeBytes: 100_000,
    });
    expect(Buffer.from(await storage.read('audio/u1/n1.wav')).equals(bytes)).toBe(true);
    expect((await collect(await storage.get('audio/u1/n1.wav'))).equals(bytes)).toBe(true);
    const range = await collect(await storage.get('audio/u1/n1.wav', { start: 10, end: 19 }));
    expect(range.equals(bytes.subarray(10, 20))).toBe(true);
    const last = await collect(await storage.get('audio/u1/n1.wav', { start: 99_999, end: 99_999 }));
    expect([...last]).toEqual([bytes[99_999]]);
    expect(await storage.size('audio/u1/n1.wav')).toBe(100_000);
  });

  it('stores an empty body', async () => {
    const storage = await makeStore();
    await expect(storage.put('audio/u1/empty.wav', Readable.from([]))).resolves.toEqual({ sizeBytes: 0 });
    expect(await storage.size('audio/u1/empty.wav')).toBe(0);
    expect((await storage.read('audio/u1/empty.wav')).length).toBe(0);
  });

  it('deletes, and deleting what is gone is fine', async () => {
    const storage = await makeStore();
    await storage.put('audio/u1/n2.webm', Readable.from([pattern(10)]));
    await storage.delete('audio/u1/n2.webm');
    expect(await storage.size('audio/u1/n2.webm')).toBeUndefined();
    await expect(storage.delete('audio/u1/n2.webm')).resolves.toBeUndefined();
    await expect(storage.delete('audio/u1/never.webm')).resolves.toBeUndefined();
    await expect(storage.get('audio/u1/n2.webm')).rejects.toThrow();
  });

  it('lists by prefix across nested keys, with sizes and times', async () => {
    const storage = await makeStore();
    const before = Date.now() - 2_000;
    await storage.put('audio/u1/a.wav', Readable.from([pattern(3)]));
    await storage.put('audio/u1/deep/er/b.wav', Readable.from([pattern(5)]));
    await storage.put('audio/u2/c.wav', Readable.from([pattern(7)]));
    await storage.put('audiox/u1/d.wav', Readable.from([pattern(1)]));
    await storage.put('uploads/e.part', Readable.from([pattern(1)]));

    expect(await listed(storage, 'audio/')).toEqual([
      'audio/u1/a.wav',
      'audio/u1/deep/er/b.wav',
      'audio/u2/c.wav',
    ]);
    expect(await listed(storage, 'audio/u1/')).toEqual(['audio/u1/a.wav', 'audio/u1/deep/er/b.wav']);
    expect(await listed(storage, 'nothing/')).toEqual([]);
    const blobs = [];
    for await (const blob of storage.list('audio/u1/deep/')) blobs.push(blob);
    expect(blobs).toHaveLength(1);
    expect(blobs[0]).toMatchObject({ key: 'audio/u1/deep/er/b.wav', sizeBytes: 5 });
    expect(blobs[0]!.modifiedAt).toBeGreaterThanOrEqual(before);
    expect(blobs[0]!.modifiedAt).toBeLessThanOrEqual(Date.now() + 2_000);
  });

  it('shows nothing under a key until the whole body is in', async () => {
    const storage = await makeStore();
    const body = new Readable({ read() {} });
    const writing = storage.put('audio/u1/slow.wav', body);
    body.push(pattern(1000));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await storage.size('audio/u1/slow.wav')).toBeUndefined();
    expect(await listed(storage, 'audio/')).toEqual([]);
    body.push(pattern(1000, 0, 1000));
    body.push(null);
    await expect(writing).resolves.toEqual({ sizeBytes: 2000 });
    expect(await storage.size('audio/u1/slow.wav')).toBe(2000);
  });

  it.each([
    ['within the first part', 100 * 1024],
    ['after several parts went out', 2 * S3_PART_SIZE + MiB],
  ])('leaves nothing behind when the body breaks %s', async (_when, bytes) => {
    const storage = await makeStore();
    await expect(storage.put('audio/u1/broken.wav', breaksAfter(bytes))).rejects.toThrow('client went away');
    expect(await storage.size('audio/u1/broken.wav')).toBeUndefined();
    expect(await listed(storage, '')).toEqual([]);
  });

  it('streams a large body through and back', async () => {
    const storage = await makeStore();
    const total = 20 * MiB + 12_345;
    await expect(storage.put('audio/u1/big.wav', generated(total))).resolves.toEqual({ sizeBytes: total });
    expect(await storage.size('audio/u1/big.wav')).toBe(total);
    const hash = createHash('sha256');
    for await (const chunk of await storage.get('audio/u1/big.wav')) hash.update(chunk as Buffer);
    expect(hash.digest('hex')).toBe(sha256(pattern(total, 7)));
    const tail = await collect(await storage.get('audio/u1/big.wav', { start: total - 100, end: total - 1 }));
    expect(tail.equals(pattern(100, 7, total - 100))).toBe(true);
  });

  it('takes concurrent puts without mixing them up', async () => {
    const storage = await makeStore();
    const keys = Array.from({ length: 8 }, (_, i) => `audio/u${i % 3}/c${i}.wav`);
    await Promise.all(keys.map((key, i) => storage.put(key, Readable.from([pattern(50_000 + i, i)]))));
    for (const [i, key] of keys.entries()) {
      expect(Buffer.from(await storage.read(key)).equals(pattern(50_000 + i, i))).toBe(true);
    }
    expect(await listed(storage, 'audio/')).toEqual([...keys].sort());
  });

  it('refuses keys that could escape the store', async () => {
    const storage = await makeStore();
    for (const key of ['../x.wav', 'audio/../../x.wav', '/abs.wav', 'audio//x.wav', 'Audio/X.WAV']) {
      await expect(storage.put(key, Readable.from([pattern(1)]))).rejects.toThrow('Invalid storage key');
    }
  });
});

describe('S3Storage', () => {
  it('uploads a large body in parts, holding only a few parts in memory', async () => {
    const bucket = await s3.newBucket();
    const client = createS3Client(s3.settings(bucket));
    let produced = 0;
    let acknowledged = 0;
    let largestLead = 0;
    let parts = 0;
    // Counts the parts and bytes S3 has confirmed, to compare with what the body has produced.
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if (context.commandName === 'UploadPartCommand') {
          parts += 1;
          const { Body } = args.input as { Body?: Uint8Array };
          acknowledged += Body?.length ?? 0;
        }
        return result;
      },
      { step: 'initialize', name: 'countAcknowledged' },
    );
    const storage = new S3Storage(client, bucket);
    const total = 40 * MiB;
    const body = generated(total, (n) => {
      produced = n;
      largestLead = Math.max(largestLead, produced - acknowledged);
    });
    await storage.put('audio/u1/huge.wav', body);
    storage.close();

    expect(await s3.keys(bucket)).toEqual(['audio/u1/huge.wav']);
    expect(acknowledged).toBe(total);
    expect(parts).toBe(Math.ceil(total / S3_PART_SIZE));
    // One part filling, QUEUE_SIZE on the wire, and a part's worth of stream buffers.
    expect(largestLead).toBeLessThanOrEqual((S3_QUEUE_SIZE + 2) * S3_PART_SIZE);
    expect(largestLead).toBeLessThan(total);
  });
});
