import { LEVEL_HISTORY_SIZE } from '../utils/level-history.ts';

export interface LiveWaveformProps {
  /** Oldest first, each 0..1. */
  levels: readonly number[];
  /** Recording (red) or paused/idle (grey). */
  active: boolean;
}

/**
 * The microphone's last few seconds (levels are already on a decibel scale, so drawn linearly) as bars that scroll in from the right. Decorative for
 * screen readers: the recorder's level meter and status text say the same in words.
 */
export function LiveWaveform({ levels, active }: LiveWaveformProps) {
  const padded = [...Array<number>(Math.max(0, LEVEL_HISTORY_SIZE - levels.length)).fill(0), ...levels];
  return (
    <div
      aria-hidden="true"
      data-testid="live-waveform"
      className="flex h-16 w-full items-center gap-[2px] overflow-hidden"
    >
      {padded.map((level, index) => (
        <span
          // Bars are positions in a sliding window, not items with identities.
          key={index}
          className={`min-w-0 flex-1 rounded-full ${active ? 'bg-red-500 dark:bg-red-400' : 'bg-slate-300 dark:bg-slate-600'}`}
          style={{ height: `${Math.max(6, Math.round(level * 100))}%` }}
        />
      ))}
    </div>
  );
}
