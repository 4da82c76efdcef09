import { describe, expect, it } from 'vitest';
import { RecordingClock } from './recording-clock.ts';

describe('RecordingClock', () => {
  it('counts recorded time and leaves paused stretches out', () => {
    const clock = new RecordingClock(1_000);
    expect(clock.elapsedSeconds(3_000)).toBe(2);
    clock.pause(3_000);
    expect(clock.paused).toBe(true);
    // Stands still while paused.
    expect(clock.elapsedSeconds(9_000)).toBe(2);
    clock.resume(10_000);
    expect(clock.elapsedSeconds(11_500)).toBe(3.5);
    // A second pause and resume add up.
    clock.pause(12_000);
    clock.pause(13_000);
    clock.resume(14_000);
    expect(clock.elapsedSeconds(15_000)).toBe(5);
  });
});
