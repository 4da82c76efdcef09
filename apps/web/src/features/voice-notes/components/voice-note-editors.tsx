import { LIMITS } from '@voxpad/shared/limits';
import { VOICE_NOTE_LIMITS, type VoiceNote } from '@voxpad/shared/voice-notes';
import { useId, useState, type FormEvent } from 'react';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx';
import { isHttpError } from '../../../lib/api-client.ts';
import { toastHttpError } from '../../../lib/toast-http-error.ts';
import { useUpdateVoiceNote } from '../api/update-voice-note.ts';
import { isInProgress } from '../utils/voice-note-status.ts';

function errorText(error: unknown): string {
  if (isHttpError(error) && error.errors[0]) return error.errors[0].message;
  return error instanceof Error ? error.message : 'The change could not be saved. Please try again.';
}

/** Rename: shows the new title at once and puts the old one back if the server refuses. */
export function EditTitleForm({ note, onDone }: { note: VoiceNote; onDone: () => void }) {
  const [title, setTitle] = useState(note.title);
  const [error, setError] = useState<string | null>(null);
  // The form closes at once; a refusal arrives later, rolls the title back and shows a toast.
  const update = useUpdateVoiceNote({ onError: toastHttpError });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) {
      setError('Give the voice note a title.');
      return;
    }
    setError(null);
    update.mutate({ padId: note.pad_id, voiceNoteId: note.id, changes: { title: trimmed } });
    onDone();
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
      <TextField
        label="Title"
        value={title}
        maxLength={LIMITS.voiceNoteTitleMax}
        onChange={(event) => setTitle(event.target.value)}
        error={error ?? undefined}
        className="min-w-64 flex-1"
        autoFocus
      />
      <Button type="submit">Save title</Button>
      <Button variant="ghost" onClick={onDone}>
        Cancel
      </Button>
    </form>
  );
}

export function EditTranscriptForm({ note, onDone }: { note: VoiceNote; onDone: () => void }) {
  const [text, setText] = useState(note.transcript ?? '');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateVoiceNote();
  const busy = isInProgress(note.status);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    update.mutate(
      { padId: note.pad_id, voiceNoteId: note.id, changes: { transcript: text } },
      { onSuccess: onDone, onError: (cause) => setError(errorText(cause)) },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-2" aria-busy={update.isPending}>
      {busy ? (
        <FormAlert tone="info">The transcript can be edited once transcription has finished.</FormAlert>
      ) : null}
      <TextAreaField
        label="Transcript text"
        hint="Words you keep stay timed to the recording; new words are timed between their neighbours. Escape cancels."
        // As tall as the text (within reason), so editing happens where the transcript was read.
        rows={Math.min(24, Math.max(6, Math.ceil(text.length / 80) + text.split('\n').length))}
        autoFocus
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !update.isPending) {
            event.preventDefault();
            onDone();
          }
        }}
        value={text}
        maxLength={VOICE_NOTE_LIMITS.transcriptMax}
        onChange={(event) => setText(event.target.value)}
        error={error ?? undefined}
        disabled={busy}
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={busy || update.isPending}>
          {update.isPending ? 'Saving…' : 'Save transcript'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export interface PadChoice {
  id: string;
  name: string;
}

export function MoveNoteForm({
  note,
  pads,
  loading = false,
  onMoved,
}: {
  note: VoiceNote;
  pads: PadChoice[];
  /** The pads are still being fetched (a note page opened directly). */
  loading?: boolean;
  onMoved: (note: VoiceNote) => void;
}) {
  const id = useId();
  const others = pads.filter((pad) => pad.id !== note.pad_id);
  const [chosen, setChosen] = useState<string | null>(null);
  // Derived, not stored: the pads may arrive after the first render, and a list of one
  // never fires a change for its only option.
  const target = others.some((pad) => pad.id === chosen) ? chosen : (others[0]?.id ?? null);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateVoiceNote();
  if (loading && others.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">Loading your pads…</p>;
  }
  if (others.length === 0 || target === null) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">Create another pad to move notes into.</p>
    );
  }
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        update.mutate(
          { padId: note.pad_id, voiceNoteId: note.id, changes: { pad_id: target } },
          { onSuccess: onMoved, onError: (cause) => setError(errorText(cause)) },
        );
      }}
    >
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
          Move to pad
        </label>
        <select
          id={id}
          value={target}
          onChange={(event) => setChosen(event.target.value)}
          className={`rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 max-sm:min-h-11 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${focusRing}`}
        >
          {others.map((pad) => (
            <option key={pad.id} value={pad.id}>
              {pad.name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" disabled={update.isPending}>
        {update.isPending ? 'Moving…' : 'Move'}
      </Button>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </form>
  );
}
