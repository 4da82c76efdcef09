import type { NoteSpeaker } from '@voxpad/shared/speakers';
import type { TranscriptSegment } from '@voxpad/shared/voice-notes';
import { useId, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { formatClock } from '../../../lib/format-duration.ts';
import { useReassignSpeakers } from '../api/change-speakers.ts';
import { speakerEditError } from '../utils/speaker-edit-error.ts';
import { noteWordRange } from '../utils/speaker-places.ts';

export interface SaidByButtonProps {
  padId: string;
  voiceNoteId: string;
  segments: readonly TranscriptSegment[];
  speakers: readonly NoteSpeaker[];
  /** The selected words' time, in seconds. */
  span: { start: number; end: number };
}

/**
 * "Said by…" beside "Highlight selected words": the selected words are said by the speaker
 * chosen (a reassignment by the note's word indexes, ADR 0053). Offered once a note has two
 * speakers or more.
 */
export function SaidByButton({ padId, voiceNoteId, segments, speakers, span }: SaidByButtonProps) {
  const [open, setOpen] = useState(false);
  const words = noteWordRange(segments, span);
  if (speakers.length < 2 || !words) return null;
  const when = `${formatClock(span.start)}–${formatClock(span.end)}`;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Said by… ({when})
      </Button>
      <Dialog open={open} title="Change speaker" onRequestClose={() => setOpen(false)}>
        {open ? (
          <SaidByForm
            key={`${words.from}-${words.to}`}
            padId={padId}
            voiceNoteId={voiceNoteId}
            speakers={speakers}
            words={words}
            when={when}
            onClose={() => setOpen(false)}
          />
        ) : null}
      </Dialog>
    </>
  );
}

function SaidByForm({
  padId,
  voiceNoteId,
  speakers,
  words,
  when,
  onClose,
}: {
  padId: string;
  voiceNoteId: string;
  speakers: readonly NoteSpeaker[];
  words: { from: number; to: number };
  when: string;
  onClose: () => void;
}) {
  const id = useId();
  const [speaker, setSpeaker] = useState(speakers[0]?.id ?? '');
  const [error, setError] = useState<string | undefined>();
  const reassign = useReassignSpeakers();
  const chosen = speakers.find((s) => s.id === speaker);

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!chosen) return;
        setError(undefined);
        reassign.mutate(
          { padId, voiceNoteId, change: { speaker: chosen.id, words } },
          {
            onSuccess: () => {
              toast.success(`The selected words are now said by ${chosen.name}.`);
              onClose();
            },
            onError: (failure) => setError(speakerEditError(failure)),
          },
        );
      }}
    >
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div>
        <label
          htmlFor={`${id}-speaker`}
          className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          Said by
        </label>
        <select
          id={`${id}-speaker`}
          value={speaker}
          autoFocus
          onChange={(event) => setSpeaker(event.target.value)}
          className={`rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 max-sm:min-h-11 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${focusRing}`}
        >
          {speakers.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">The words selected ({when}).</p>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={reassign.isPending}>
          {reassign.isPending ? 'Saving…' : 'Change speaker'}
        </Button>
      </div>
    </form>
  );
}
