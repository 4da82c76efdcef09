import { describe, expect, it } from 'vitest';
import { HttpError } from './api-client.ts';
import { createQueryClient, retryDelay, shouldRetry } from './query-client.ts';

describe('query client defaults (spec §9)', () => {
  it('waits 1 s, doubling each attempt, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries at most 3 times', () => {
    const error = new HttpError(503, null);
    expect(shouldRetry(0, error)).toBe(true);
    expect(shouldRetry(2, error)).toBe(true);
    expect(shouldRetry(3, error)).toBe(false);
    expect(shouldRetry(0, new TypeError('offline'))).toBe(true);
  });

  it('does not retry client errors that answer the same every time', () => {
    expect(shouldRetry(0, new HttpError(404, null))).toBe(false);
    expect(shouldRetry(0, new HttpError(401, null))).toBe(false);
    expect(shouldRetry(0, new HttpError(429, null))).toBe(true);
    expect(shouldRetry(0, new HttpError(408, null))).toBe(true);
  });

  it('discards unused data after 5 minutes', () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries?.gcTime).toBe(5 * 60 * 1000);
    expect(client.getDefaultOptions().queries?.retryDelay).toBe(retryDelay);
  });
});
