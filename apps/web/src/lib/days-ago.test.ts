import { describe, expect, it } from 'vitest';
import { daysAgo } from './days-ago.ts';

const now = new Date('2025-06-15T12:00:00Z');
const hoursBefore = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

describe('daysAgo', () => {
  it('says today within the first day', () => {
    expect(daysAgo(now, now)).toBe('today');
    expect(daysAgo(hoursBefore(23.9), now)).toBe('today');
  });

  it('counts whole days', () => {
    expect(daysAgo(hoursBefore(24), now)).toBe('1 day ago');
    expect(daysAgo(hoursBefore(47), now)).toBe('1 day ago');
    expect(daysAgo(hoursBefore(48), now)).toBe('2 days ago');
    expect(daysAgo(hoursBefore(24 * 30), now)).toBe('30 days ago');
  });

  it('accepts ISO strings and timestamps', () => {
    expect(daysAgo('2025-06-12T12:00:00Z', now)).toBe('3 days ago');
    expect(daysAgo(hoursBefore(72).getTime(), now.getTime())).toBe('3 days ago');
  });

  it('treats the future and invalid dates as today', () => {
    expect(daysAgo(hoursBefore(-48), now)).toBe('today');
    expect(daysAgo('not a date', now)).toBe('today');
  });
});
