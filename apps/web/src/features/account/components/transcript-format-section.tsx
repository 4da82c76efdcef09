import { useId } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { useSettings, useUpdateSettings } from '../api/transcript-settings.ts';
import { AccountSection } from './account-section.tsx';

/**
 * The "format transcripts" setting: transcripts read as people write (capitals, punctuation,
 * numbers such as "$400"), or as the words were recognised. It applies to transcripts made
 * after the change, which the copy says.
 */
export function TranscriptFormatSection() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const boxId = useId();
  const hintId = useId();
  const checked = update.isPending
    ? (update.variables.format_transcripts ?? false)
    : (settings.data?.format_transcripts ?? true);

  return (
    <AccountSection title="Transcripts">
      {settings.isError ? (
        <FormAlert>Your transcript setting could not be loaded. Check your connection and reload.</FormAlert>
      ) : null}
      {update.isError ? (
        <FormAlert>The setting could not be saved. Check your connection and try again.</FormAlert>
      ) : null}
      <div className="flex items-start gap-2">
        <input
          id={boxId}
          type="checkbox"
          checked={checked}
          disabled={settings.isPending || settings.isError || update.isPending}
          onChange={(event) => update.mutate({ format_transcripts: event.target.checked })}
          aria-describedby={hintId}
          className="mt-0.5 size-4 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:accent-indigo-400 dark:focus-visible:outline-indigo-400"
        />
        <div className="min-w-0">
          <label htmlFor={boxId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            Format transcripts
          </label>
          <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
            Sentences with capitals and punctuation, and numbers written as figures (“$400”). Off: the words
            as they were recognised. Applies to notes transcribed from now on; notes already transcribed keep
            their text until you transcribe them again.
          </p>
        </div>
      </div>
      <p role="status" className="sr-only">
        {update.isSuccess
          ? checked
            ? 'Transcripts will be formatted.'
            : 'Transcripts will not be formatted.'
          : ''}
      </p>
    </AccountSection>
  );
}
