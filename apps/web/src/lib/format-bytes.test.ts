import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes.ts';

describe('formatBytes', () => {
  it('reads sizes in binary multiples, one decimal below 10', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(200 * 1024 * 1024)).toBe('200 MB');
    expect(formatBytes(10 * 1024 ** 3)).toBe('10 GB');
    expect(formatBytes(5 * 1024 ** 5)).toBe('5120 TB');
  });

  it('rounds down, so almost full never reads as full', () => {
    expect(formatBytes(10 * 1024 ** 3 - 1)).toBe('9.9 GB');
  });

  it('treats nonsense as nothing', () => {
    expect(formatBytes(Number.NaN)).toBe('0 bytes');
    expect(formatBytes(-5)).toBe('0 bytes');
  });
});
