import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.ts';
import { ConcurrencySlots } from '../../src/quotas/concurrency-slots.ts';
import { bytesText, waitText } from '../../src/quotas/quota-problems.ts';
import { waitUntilFits } from '../../src/quotas/sliding-window.ts';

const GIB = 1024 ** 3;
const base = { PUBLIC_URL: 'http://127.0.0.1:8080', SECRET_KEY: 'k'.repeat(32) };

describe('quota settings', () => {
  it('have generous defaults, /v1 concurrency following the workers', () => {
    expect(loadConfig({ ...base, WORKER_CONCURRENCY: '3' }).quotas).toEqual({
      uploadsPerHour: 120,
      uploadBytesPerHour: 2 * GIB,
      storageBytes: 10 * GIB,
      padsPerUser: 1000,
      v1RequestsPerMinute: 60,
      v1ConcurrencyPerUser: 2,
      v1Concurrency: 6,
      jobsPerUser: 2,
    });
  });

  it('are read from the environment, and nonsense is named', () => {
    const quotas = loadConfig({ ...base, QUOTA_STORAGE_BYTES: '1000', V1_CONCURRENCY: '1' }).quotas;
    expect(quotas.storageBytes).toBe(1000);
    expect(quotas.v1Concurrency).toBe(1);
    let error: unknown;
    try {
      loadConfig({ ...base, QUOTA_PADS_PER_USER: '0', JOBS_PER_USER_CONCURRENCY: 'two' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('QUOTA_PADS_PER_USER');
    expect(problems).toContain('JOBS_PER_USER_CONCURRENCY');
  });
});

describe('Retry-After of a sliding window', () => {
  const rate = { limit: 3, durationMs: 60_000 };
  const now = 100_000;

  it('waits for the oldest hit to leave when one more does not fit', () => {
    const hits = [50_000, 70_000, 90_000].map((at) => ({ at, weight: 1 }));
    expect(waitUntilFits(hits, rate, 1, now)).toBe(50_000 + 60_000 - now);
  });

  it('waits for as many bytes to leave as the new upload needs', () => {
    const bytes = { limit: 100, durationMs: 60_000 };
    const hits = [
      { at: 50_000, weight: 30 },
      { at: 70_000, weight: 30 },
      { at: 90_000, weight: 30 },
    ];
    expect(waitUntilFits(hits, bytes, 10, now)).toBe(0);
    expect(waitUntilFits(hits, bytes, 40, now)).toBe(10_000);
    expect(waitUntilFits(hits, bytes, 65, now)).toBe(30_000);
    // More than a whole window holds: the whole window (the refusal then says the limit).
    expect(waitUntilFits(hits, bytes, 101, now)).toBe(60_000);
  });
});

describe('/v1 concurrency slots', () => {
  it('refuses past the per-user and the process limits, and releases once', () => {
    const slots = new ConcurrencySlots(2, 1);
    const a = slots.acquire('a');
    expect(slots.acquire('a')).toEqual({ full: 'user' });
    const b = slots.acquire('b');
    expect(slots.acquire('c')).toEqual({ full: 'process' });
    if (!('release' in a) || !('release' in b)) throw new Error('expected slots');
    a.release();
    a.release();
    const c = slots.acquire('c');
    expect('release' in c).toBe(true);
    expect(slots.acquire('a')).toEqual({ full: 'process' });
  });
});

describe('sizes in messages', () => {
  it('reads like the limits are set', () => {
    expect(bytesText(512)).toBe('512 bytes');
    expect(bytesText(5000)).toBe('4.8 KB');
    expect(bytesText(37_088)).toBe('36 KB');
    expect(bytesText(10 * GIB)).toBe('10 GB');
  });
});

describe('waits in messages', () => {
  it('round up, so trying again then succeeds', () => {
    expect(waitText(0.2)).toBe('1 s');
    expect(waitText(59)).toBe('59 s');
    expect(waitText(61)).toBe('2 min');
    expect(waitText(3600)).toBe('1 h');
    expect(waitText(3599)).toBe('1 h');
    expect(waitText(3700)).toBe('1 h 2 min');
  });
});
