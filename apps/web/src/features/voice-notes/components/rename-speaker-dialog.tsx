import { SPEAKER_LIMITS, renameSpeakerSchema } from '@voxpad/shared/speakers';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { isHttpError } from '../../../lib/api-client.ts';
import { useRenameSpeaker } from '../api/rename-speaker.ts';

export interface RenameSpeakerDialogProps {
  padId: string;
  voiceNoteId: string;
  /** The speaker being renamed; null while the dialog is closed. */
  speaker: { id: string; name: string } | null;
  onClose: () => void;
}

/** "Rename speaker": the new name shows everywhere in the note (transcript, player, exports). */
export function RenameSpeakerDialog({ padId, voiceNoteId, speaker, onClose }: RenameSpeakerDialogProps) {
  return (
    <Dialog open={speaker !== null} title="Rename speaker" onRequestClose={onClose}>
      {speaker ? (
        <RenameForm
          key={speaker.id}
          padId={padId}
          voiceNoteId={voiceNoteId}
          speaker={speaker}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function RenameForm({
  padId,
  voiceNoteId,
  speaker,
  onClose,
}: Omit<RenameSpeakerDialogProps, 'speaker'> & { speaker: { id: string; name: string } }) {
  const [name, setName] = useState(speaker.name);
  const [error, setError] = useState<string | undefined>();
  const rename = useRenameSpeaker();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = renameSpeakerSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    rename.mutate(
      { padId, voiceNoteId, speakerId: speaker.id, name: parsed.data.name },
      {
        onSuccess: onClose,
        onError: (failure) =>
          setError(isHttpError(failure) ? (failure.errors[0]?.message ?? failure.message) : String(failure)),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Name"
        value={name}
        maxLength={SPEAKER_LIMITS.nameMax}
        autoFocus
        error={error}
        hint="Shown in the transcript, the player and every export of this note."
        onChange={(event) => setName(event.target.value)}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={rename.isPending}>
          {rename.isPending ? 'Saving…' : 'Save name'}
        </Button>
      </div>
    </form>
  );
}
