import type { PadRetranscription } from '@voxpad/shared/transcripts';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, focusWhenOpened } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { useRetranscribePad } from '../api/retranscribe-pad.ts';

export interface RetranscribePadProps {
  padId: string;
  /** The pad's notes, as its page counts them: what the question names. */
  noteCount: number;
  /** Notes are in the queue again (what counts notes by status reads them again). */
  onQueued?: () => void;
}

const voiceNotes = (n: number) => (n === 1 ? '1 voice note' : `${n} voice notes`);

/** What the server did, in one sentence for the live region. */
export function queuedSentence(outcome: PadRetranscription): string {
  const queued =
    outcome.queued === 1
      ? '1 voice note is queued to be transcribed again.'
      : `${outcome.queued} voice notes are queued to be transcribed again.`;
  const reasons = [
    outcome.already_transcribing > 0 ? `${outcome.already_transcribing} being transcribed already` : null,
    outcome.without_audio > 0 ? `${outcome.without_audio} without a recording` : null,
  ].filter((reason) => reason !== null);
  if (reasons.length === 0) return queued;
  const left =
    outcome.skipped === 1
      ? '1 voice note is left as it is'
      : `${outcome.skipped} voice notes are left as they are`;
  return `${queued} ${left} (${reasons.join(', ')}).`;
}

/**
 * Re-transcribe a whole pad with the person's own models (issue 21). The server decodes with
 * what it has learnt whenever a build is ready, so the route shows this only then. It asks first,
 * in a modal dialog that says how many notes and that their current texts stay as versions; the
 * answer is read out in a polite live region, and the notes' own states show in the list.
 */
export function RetranscribePadWithLearnt({ padId, noteCount, onQueued }: RetranscribePadProps) {
  const request = useRetranscribePad(padId, { onQueued });
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<PadRetranscription | null>(null);
  const hintId = useId();
  const close = () => {
    if (!request.isPending) setAsking(false);
  };
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button
          variant="secondary"
          aria-haspopup="dialog"
          aria-describedby={hintId}
          disabled={request.isPending}
          onClick={() => {
            request.reset();
            setOutcome(null);
            setAsking(true);
          }}
        >
          Re-transcribe with what Voxpad learned
        </Button>
        <span id={hintId} className="text-xs text-slate-600 dark:text-slate-300">
          Every note of this pad, again; the current texts stay as versions you can restore.
        </span>
      </div>
      <p role="status" aria-live="polite" className="text-sm text-slate-700 dark:text-slate-200">
        {outcome ? queuedSentence(outcome) : ''}
      </p>
      <Dialog open={asking} title="Re-transcribe this pad?" onRequestClose={close}>
        <div className="space-y-3 text-sm text-slate-700 dark:text-slate-200">
          <p>
            Voxpad transcribes the {voiceNotes(noteCount)} of this pad again, with what it has learnt from
            your corrections.
          </p>
          <p>
            The current text of each note stays as a version you can restore, including text you typed. Notes
            being transcribed right now are left as they are.
          </p>
          {request.isError ? <FormAlert>{request.error.message}</FormAlert> : null}
        </div>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close} ref={focusWhenOpened}>
            Not now
          </Button>
          <Button
            disabled={request.isPending}
            onClick={() =>
              request.mutate(undefined, {
                onSuccess: (answer) => {
                  setOutcome(answer);
                  setAsking(false);
                },
              })
            }
          >
            {request.isPending ? 'Queueing…' : `Re-transcribe ${voiceNotes(noteCount)}`}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
