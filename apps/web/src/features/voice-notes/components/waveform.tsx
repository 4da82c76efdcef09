import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { focusRing } from '../../../components/ui/button.tsx';
import { formatClock } from '../../../lib/format-duration.ts';
import { timeAtPosition } from '../utils/peaks.ts';

export interface WaveformProps {
  peaks: readonly number[];
  duration: number;
  currentTime: number;
  onSeek: (seconds: number) => void;
  label?: string;
}

/** The recording's loudness as bars; a slider: click or drag to seek, arrows ±5 s, Home/End. */
export function Waveform({ peaks, duration, currentTime, onSeek, label = 'Seek' }: WaveformProps) {
  const ref = useRef<HTMLDivElement>(null);
  const played = duration > 0 ? Math.min(1, currentTime / duration) : 0;
  const barWidth = 100 / Math.max(1, peaks.length);

  function seekFromPointer(event: PointerEvent<HTMLDivElement>) {
    const box = ref.current?.getBoundingClientRect();
    if (!box) return;
    onSeek(timeAtPosition(event.clientX - box.left, box.width, duration));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const steps: Record<string, number> = {
      ArrowRight: 5,
      ArrowUp: 5,
      ArrowLeft: -5,
      ArrowDown: -5,
      PageUp: 30,
      PageDown: -30,
    };
    let target: number | undefined;
    const step = steps[event.key];
    if (step !== undefined) target = currentTime + step;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = duration;
    if (target === undefined) return;
    event.preventDefault();
    onSeek(Math.min(duration, Math.max(0, target)));
  }

  return (
    <div
      ref={ref}
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(currentTime)}
      aria-valuetext={`${formatClock(currentTime)} of ${formatClock(duration)}`}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture?.(event.pointerId);
        seekFromPointer(event);
      }}
      onPointerMove={(event) => {
        if (event.buttons === 1) seekFromPointer(event);
      }}
      onKeyDown={onKeyDown}
      className={`relative h-16 w-full cursor-pointer touch-none rounded-md select-none ${focusRing}`}
    >
      <svg
        viewBox="0 0 100 100"
        preserveAspectRatio="none"
        className="h-full w-full"
        aria-hidden="true"
        focusable="false"
      >
        {peaks.map((peak, index) => {
          const height = Math.max(2, peak * 96);
          const x = index * barWidth;
          const isPlayed = (index + 0.5) * barWidth <= played * 100;
          return (
            <rect
              key={index}
              x={x + barWidth * 0.15}
              width={barWidth * 0.7}
              y={50 - height / 2}
              height={height}
              rx={0.3}
              className={
                isPlayed ? 'fill-indigo-600 dark:fill-indigo-400' : 'fill-slate-300 dark:fill-slate-600'
              }
            />
          );
        })}
      </svg>
      <div
        className="pointer-events-none absolute inset-y-0 w-0.5 bg-indigo-700 dark:bg-indigo-300"
        style={{ left: `${played * 100}%` }}
        aria-hidden="true"
      />
    </div>
  );
}
