import { Button } from '../../../components/ui/button.tsx';
import { Dialog, focusWhenOpened } from '../../../components/ui/dialog.tsx';

export interface ForgetLearntDialogProps {
  open: boolean;
  busy: boolean;
  onForget: () => void;
  onCancel: () => void;
}

/**
 * "Forget everything learnt" asks first and says what goes: the models, not the notes or words.
 * The safe choice has the focus when it opens.
 */
export function ForgetLearntDialog({ open, busy, onForget, onCancel }: ForgetLearntDialogProps) {
  return (
    <Dialog open={open} title="Forget everything learnt?" onRequestClose={onCancel}>
      <div className="space-y-3 text-sm text-slate-700 dark:text-slate-200">
        <p>
          Voxpad deletes the language and voice models it built from your corrected notes, and goes back to
          transcribing with the standard model.
        </p>
        <p>
          Your notes, their transcripts and your vocabulary stay. Voxpad may learn again from the notes you
          correct later.
        </p>
      </div>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} ref={focusWhenOpened}>
          Keep it
        </Button>
        <Button variant="danger" disabled={busy} onClick={onForget}>
          {busy ? 'Forgetting…' : 'Forget everything'}
        </Button>
      </div>
    </Dialog>
  );
}
