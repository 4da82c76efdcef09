import { useId } from 'react';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { PLAYBACK_RATES, SEEK_STEP_SECONDS } from '../../../lib/playback.ts';

export interface PlaybackControlsProps {
  onSkip: (seconds: number) => void;
  rate: number;
  onRateChange: (rate: number) => void;
}

/** Back and forward by a few seconds, and the playback speed. */
export function PlaybackControls({ onSkip, rate, onRateChange }: PlaybackControlsProps) {
  const rateId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        onClick={() => onSkip(-SEEK_STEP_SECONDS)}
        aria-label={`Back ${SEEK_STEP_SECONDS} seconds`}
      >
        <span aria-hidden="true">↺ {SEEK_STEP_SECONDS} s</span>
      </Button>
      <Button
        variant="secondary"
        onClick={() => onSkip(SEEK_STEP_SECONDS)}
        aria-label={`Forward ${SEEK_STEP_SECONDS} seconds`}
      >
        <span aria-hidden="true">{SEEK_STEP_SECONDS} s ↻</span>
      </Button>
      <label htmlFor={rateId} className="ml-auto text-sm text-slate-600 dark:text-slate-300">
        Speed
      </label>
      <select
        id={rateId}
        value={rate}
        onChange={(event) => onRateChange(Number(event.target.value))}
        className={`rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 max-sm:min-h-11 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 ${focusRing}`}
      >
        {PLAYBACK_RATES.map((option) => (
          <option key={option} value={option}>
            {option}×
          </option>
        ))}
      </select>
    </div>
  );
}
