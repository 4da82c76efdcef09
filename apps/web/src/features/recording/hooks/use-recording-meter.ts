import { useCallback, useEffect, useState } from 'react';

/** What the meter shows: the microphone's level (0..1) and the seconds recorded. */
export interface MeterReading {
  level: number;
  elapsedSeconds: number;
}

/** How often the level and timer repaint, at most (about 15 times a second). */
const PAINT_INTERVAL_MS = 66;

/**
 * The level and timer of the recording in progress, read from `read` once a frame while
 * `running` and the page shows. `hold` sets them while nothing runs (paused, stopping, reset).
 */
export function useRecordingMeter(read: () => MeterReading | null, running: boolean) {
  const [level, setLevel] = useState(0);
  const [elapsedSeconds, setElapsedSeconds] = useState(0);

  useEffect(() => {
    if (!running) return;
    let frame = 0;
    let lastPaint = 0;
    const paint = (now: number) => {
      const reading = now - lastPaint > PAINT_INTERVAL_MS ? read() : null;
      if (reading) {
        lastPaint = now;
        setLevel(reading.level);
        setElapsedSeconds(reading.elapsedSeconds);
      }
      frame = requestAnimationFrame(paint);
    };
    frame = requestAnimationFrame(paint);
    return () => cancelAnimationFrame(frame);
  }, [read, running]);

  /** The level drops to silence; the timer shows `elapsed` when given, else keeps its time. */
  const hold = useCallback((elapsed?: number) => {
    setLevel(0);
    if (elapsed !== undefined) setElapsedSeconds(elapsed);
  }, []);

  return { level, elapsedSeconds, hold };
}
