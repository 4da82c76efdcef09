import { useId } from 'react';
import { focusRing } from '../../../components/ui/button.tsx';
import type { MicrophoneOption } from '../utils/microphone-choice.ts';

export interface MicrophoneSelectProps {
  options: readonly MicrophoneOption[];
  value: string;
  onChange: (id: string) => void;
  /** While recording: the microphone cannot change mid-recording. */
  disabled?: boolean;
  className?: string;
}

/** Which microphone to record with; the choice is remembered on this device. */
export function MicrophoneSelect({
  options,
  value,
  onChange,
  disabled = false,
  className = '',
}: MicrophoneSelectProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
        Microphone
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className={`block w-full max-w-xs truncate rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm disabled:opacity-60 max-sm:min-h-11 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${focusRing}`}
      >
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
