import fs from 'node:fs';
import koffi from 'koffi';
import { expect, it } from 'vitest';
import { releaseFreedNativeMemory } from '../../src/lib/native-memory.ts';

/**
 * Freed native memory goes back to the system (ADR 0066). Chunks below glibc's mmap threshold,
 * freed under one still in use, stay in the arena and resident until malloc_trim hands them back.
 */
const libc = koffi.load('libc.so.6');
const malloc = libc.func('void *malloc(size_t size)');
const free = libc.func('void free(void *ptr)');
const memset = libc.func('void *memset(void *s, int c, size_t n)');

const CHUNK = 64 * 1024;
const CHUNKS = 1024; // 64 MiB

function residentMiB(): number {
  const pages = Number(fs.readFileSync('/proc/self/statm', 'utf8').split(' ')[1]);
  return (pages * 4096) / 2 ** 20;
}

it('hands the pages of freed chunks back, which glibc alone keeps', async () => {
  const chunks: unknown[] = [];
  for (let i = 0; i < CHUNKS; i++) {
    const chunk: unknown = malloc(CHUNK);
    memset(chunk, 1, CHUNK); // touched: resident
    chunks.push(chunk);
  }
  // Still in use above the freed ones, so free() cannot shrink the arena's top by itself.
  const pin: unknown = malloc(CHUNK);
  for (const chunk of chunks) free(chunk);
  const freed = residentMiB();
  expect(await releaseFreedNativeMemory()).toBe(true);
  const released = freed - residentMiB();
  free(pin);
  expect(released, `resident ${freed.toFixed(0)} MiB after the frees`).toBeGreaterThan(48);
});
