import { useId } from 'react';
import { focusRing } from '../../../components/ui/button.tsx';

/** "auto" lets the server find out; a number says how many people speak (ADR 0053). */
export const UPLOAD_SPEAKER_CHOICES = ['auto', '1', '2', '3', '4'] as const;
export type UploadSpeakerChoice = (typeof UPLOAD_SPEAKER_CHOICES)[number];

/**
 * "Speakers" for what is recorded or uploaded next: kept with each outbox item and sent with
 * its upload, so the server tells that many voices apart (1: none).
 */
export function SpeakersChoice({
  value,
  onChange,
}: {
  value: UploadSpeakerChoice;
  onChange: (next: UploadSpeakerChoice) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm text-slate-700 dark:text-slate-200">
        Speakers
      </label>
      <select
        id={id}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) =>
          onChange(UPLOAD_SPEAKER_CHOICES.find((choice) => choice === event.target.value) ?? 'auto')
        }
        className={`rounded-md border border-slate-300 bg-white px-2 py-2 text-sm max-sm:min-h-11 dark:border-slate-600 dark:bg-slate-900 ${focusRing}`}
      >
        {UPLOAD_SPEAKER_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {choice === 'auto' ? 'Find out' : choice}
          </option>
        ))}
      </select>
      <span id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
        How many people speak in what you record or upload next.
      </span>
    </div>
  );
}
