import { describe, expect, it } from 'vitest';
import { formatClock, formatDuration, wholeSeconds } from './format-duration.ts';

describe('formatDuration', () => {
  it('gives 0 s for zero and for nothing', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(null)).toBe('0 s');
    expect(formatDuration(undefined)).toBe('0 s');
    expect(formatDuration(Number.NaN)).toBe('0 s');
    expect(formatDuration(-5)).toBe('0 s');
  });

  it('shows hours, minutes and seconds, leaving out zero parts', () => {
    expect(formatDuration(3723)).toBe('1 h 2 min 3 s');
    expect(formatDuration(59)).toBe('59 s');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(61)).toBe('1 min 1 s');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(3605)).toBe('1 h 5 s');
    expect(formatDuration(90_000)).toBe('25 h');
  });

  it('rounds fractions to whole seconds', () => {
    expect(formatDuration(1.4)).toBe('1 s');
    expect(formatDuration(59.6)).toBe('1 min');
    expect(formatDuration(0.4)).toBe('0 s');
  });
});

describe('formatClock', () => {
  it('formats a media position', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(75.4)).toBe('1:15');
    expect(formatClock(3725)).toBe('1:02:05');
  });

  it('rounds the way formatDuration does, so both name the same length', () => {
    for (const seconds of [6.4, 6.5, 6.6, 59.5, 119.49, 3599.6]) {
      const clock = formatClock(seconds).split(':').map(Number);
      const fromClock = clock.reduce((total, part) => total * 60 + part, 0);
      expect(fromClock, String(seconds)).toBe(wholeSeconds(seconds));
    }
    expect(formatClock(6.6)).toBe('0:07');
    expect(formatDuration(6.6)).toBe('7 s');
  });
});
