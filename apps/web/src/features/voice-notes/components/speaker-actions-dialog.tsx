import type { NoteSpeaker } from '@voxpad/shared/speakers';
import { useId, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { Dialog, focusWhenOpened } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { formatClock } from '../../../lib/format-duration.ts';
import { useMergeSpeakers, useReassignSpeakers } from '../api/change-speakers.ts';
import { speakerEditError } from '../utils/speaker-edit-error.ts';
import type { WordPlace } from '../utils/speaker-places.ts';

/** The label chosen in the transcript: its speaker, and where its turn starts. */
export interface SpeakerLabelTarget {
  speaker: NoteSpeaker;
  /** The turn's first word, where "Split from here" starts; null when it cannot be placed. */
  at: WordPlace | null;
  /** When that word is said, to say where the split starts. */
  seconds: number;
}

export interface SpeakerActionsDialogProps {
  padId: string;
  voiceNoteId: string;
  speakers: readonly NoteSpeaker[];
  /** Null while closed. */
  target: SpeakerLabelTarget | null;
  onRename: (speaker: NoteSpeaker) => void;
  onClose: () => void;
}

/**
 * What a speaker label in the transcript offers (ADR 0053): rename the speaker, split a new
 * speaker off from this turn, or merge the speaker into another one.
 */
export function SpeakerActionsDialog({ target, onClose, ...rest }: SpeakerActionsDialogProps) {
  return (
    <Dialog open={target !== null} title={target ? target.speaker.name : 'Speaker'} onRequestClose={onClose}>
      {target ? (
        <SpeakerActions
          key={`${target.speaker.id}-${target.seconds}`}
          target={target}
          onClose={onClose}
          {...rest}
        />
      ) : null}
    </Dialog>
  );
}

function SpeakerActions({
  padId,
  voiceNoteId,
  speakers,
  target,
  onRename,
  onClose,
}: Omit<SpeakerActionsDialogProps, 'target'> & { target: SpeakerLabelTarget }) {
  const id = useId();
  const { speaker, at } = target;
  const others = speakers.filter((s) => s.id !== speaker.id);
  const [into, setInto] = useState(others[0]?.id ?? '');
  const [error, setError] = useState<string | undefined>();
  const reassign = useReassignSpeakers();
  const merge = useMergeSpeakers();
  const busy = reassign.isPending || merge.isPending;
  const onError = (failure: unknown) => setError(speakerEditError(failure));

  function split() {
    if (!at) return;
    setError(undefined);
    reassign.mutate(
      { padId, voiceNoteId, change: { split_from: { segment: at.segment, word: at.word } } },
      {
        onSuccess: () => {
          toast.success(`A new speaker says this turn of ${speaker.name}.`);
          onClose();
        },
        onError,
      },
    );
  }

  function mergeInto() {
    const target = others.find((s) => s.id === into);
    if (!target) return;
    setError(undefined);
    merge.mutate(
      { padId, voiceNoteId, merge: { from: speaker.id, into: target.id } },
      {
        onSuccess: () => {
          toast.success(`${speaker.name} merged into ${target.name}.`);
          onClose();
        },
        onError,
      },
    );
  }

  return (
    <div className="space-y-5">
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className="space-y-1">
        <Button ref={focusWhenOpened} variant="secondary" onClick={() => onRename(speaker)}>
          Rename…
        </Button>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          The new name shows in the transcript, the player and every export.
        </p>
      </div>
      {at ? (
        <div className="space-y-1">
          <Button variant="secondary" disabled={busy} onClick={split}>
            {reassign.isPending ? 'Splitting…' : 'Split from here'}
          </Button>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            A new speaker says this turn, from {formatClock(target.seconds)} to where {speaker.name} stops.
          </p>
        </div>
      ) : null}
      {others.length > 0 ? (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            mergeInto();
          }}
        >
          <label
            htmlFor={`${id}-into`}
            className="block text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            Merge {speaker.name} into
          </label>
          <div className="flex flex-wrap gap-2">
            <select
              id={`${id}-into`}
              value={into}
              onChange={(event) => setInto(event.target.value)}
              className={`rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 max-sm:min-h-11 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${focusRing}`}
            >
              {others.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
            <Button type="submit" variant="secondary" disabled={busy}>
              {merge.isPending ? 'Merging…' : 'Merge'}
            </Button>
          </div>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            Everything {speaker.name} says becomes the other speaker’s; {speaker.name} leaves the list.
          </p>
        </form>
      ) : null}
      <div className="flex justify-end">
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}
