import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date.ts';

describe('formatDateTime', () => {
  it('writes a date and a time of day, the same for every kind of input', () => {
    const at = new Date(2026, 10, 27, 14, 47);
    const text = formatDateTime(at);
    expect(text).toMatch(/2026/);
    expect(text).toMatch(/47/);
    expect(formatDateTime(at.toISOString())).toBe(text);
    expect(formatDateTime(at.getTime())).toBe(text);
  });

  it('writes nothing for something that is not a date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});
