import { ConfirmPanel } from '../../../components/ui/confirm-panel.tsx';
import { formatDuration } from '../../../lib/format-duration.ts';

export interface DiscardRecordingConfirmProps {
  /** How long the recording was when Cancel was pressed (seconds). */
  seconds: number;
  onDiscard: () => void;
  /** "Keep recording", Escape included. */
  onKeep: () => void;
}

/** The question Cancel asks: a recording is never thrown away on one press. */
export function discardQuestion(seconds: number): string {
  return `Discard this recording? ${formatDuration(seconds)} of audio will be lost: it has not been saved.`;
}

/**
 * Cancel's confirmation (role="alertdialog"): the safe choice, Keep recording, has the focus,
 * so Enter, Space or Escape right after Cancel loses nothing. Escape is kept from the page's
 * own handlers: inside the header's Record dialog it would otherwise also ask to close it.
 */
export function DiscardRecordingConfirm({ seconds, onDiscard, onKeep }: DiscardRecordingConfirmProps) {
  return (
    <div
      className="w-full"
      onKeyDownCapture={(event) => {
        // The native <dialog> turns an Escape it sees into "close the dialog".
        if (event.key === 'Escape') event.preventDefault();
      }}
    >
      <ConfirmPanel
        message={discardQuestion(seconds)}
        confirmLabel="Discard it"
        cancelLabel="Keep recording"
        onConfirm={onDiscard}
        onCancel={onKeep}
      />
    </div>
  );
}
