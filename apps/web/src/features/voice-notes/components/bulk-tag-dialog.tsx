import { useId, useState, type FormEvent } from 'react';
import { TAG_LIMITS, tagNameKey } from '@voxpad/shared/tags';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, focusWhenOpened } from '../../../components/ui/dialog.tsx';
import { FormErrors } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';

export type BulkTagAction = 'tag' | 'untag';

export interface BulkTagDialogProps {
  /** Which dialog is open, or none. */
  action: BulkTagAction | null;
  /** Notes selected. */
  count: number;
  /** The person's tags, offered as they type. */
  suggestions: readonly string[];
  busy: boolean;
  /** The server's refusal of the last try, in words. */
  errors: string[];
  /** Sends the one tag; answers whether it was done (the dialog then closes). */
  onSubmit: (action: BulkTagAction, name: string) => Promise<boolean>;
  onClose: () => void;
}

const notes = (count: number) => (count === 1 ? '1 voice note' : `${count} voice notes`);

const WORDS = {
  tag: {
    title: (count: number) => `Tag ${notes(count)}`,
    label: 'Tag to add',
    hint: 'A tag you have already, or a new one.',
    submit: 'Add tag',
    empty: 'Type the tag to add.',
  },
  untag: {
    title: (count: number) => `Remove a tag from ${notes(count)}`,
    label: 'Tag to remove',
    hint: 'Notes without it are left as they are.',
    submit: 'Remove tag',
    empty: 'Type the tag to remove.',
  },
} as const;

/**
 * Asks for the one tag the bulk bar's "Tag…" adds to, or "Remove tag…" takes off, every selected
 * note, offering the person's tags; an existing tag is sent in its own casing.
 */
export function BulkTagDialog({
  action,
  count,
  suggestions,
  busy,
  errors,
  onSubmit,
  onClose,
}: BulkTagDialogProps) {
  const words = WORDS[action ?? 'tag'];
  return (
    <Dialog open={action !== null} title={words.title(count)} onRequestClose={onClose}>
      {action !== null ? (
        <TagForm
          key={action}
          action={action}
          suggestions={suggestions}
          busy={busy}
          errors={errors}
          onSubmit={onSubmit}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function TagForm({
  action,
  suggestions,
  busy,
  errors,
  onSubmit,
  onClose,
}: Omit<BulkTagDialogProps, 'action' | 'count'> & { action: BulkTagAction }) {
  const listId = useId();
  const words = WORDS[action];
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = text.trim();
    if (name === '') return setProblem(words.empty);
    if (name.length > TAG_LIMITS.nameMax) {
      return setProblem(`A tag can be at most ${TAG_LIMITS.nameMax} characters.`);
    }
    setProblem(null);
    setSent(true);
    const existing = suggestions.find((tag) => tagNameKey(tag) === tagNameKey(name));
    if (await onSubmit(action, existing ?? name)) onClose();
  }

  return (
    <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
      {/* The field has the focus when the dialog opens. */}
      <div ref={(field) => focusWhenOpened(field?.querySelector('input') ?? null)}>
        <TextField
          label={words.label}
          hint={words.hint}
          error={problem ?? undefined}
          list={listId}
          value={text}
          maxLength={TAG_LIMITS.nameMax + 10}
          autoComplete="off"
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
        />
      </div>
      <datalist id={listId}>
        {suggestions.map((tag) => (
          <option key={tag} value={tag} />
        ))}
      </datalist>
      {sent ? <FormErrors messages={errors} /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Working…' : words.submit}
        </Button>
      </div>
    </form>
  );
}
