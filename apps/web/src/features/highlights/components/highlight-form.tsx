import { HIGHLIGHT_LIMITS } from '@voxpad/shared/highlights';
import { formatShareClock, parseShareClock } from '@voxpad/shared/shares';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx';
import { isHttpError } from '../../../lib/api-client.ts';
import { mapServerErrors } from '../../../lib/form-errors.ts';

type Field = 'start' | 'end' | 'label' | 'comment';
const FIELDS: readonly Field[] = ['start', 'end', 'label', 'comment'];

export interface HighlightDraft {
  start: number;
  /** null: a moment. */
  end: number | null;
  label: string;
  comment: string;
}

export interface HighlightFormProps {
  initial: HighlightDraft;
  submitLabel: string;
  busy: boolean;
  /** Resolves when saved; a rejection with the API's errors is shown on the fields. */
  onSubmit: (draft: HighlightDraft) => Promise<unknown>;
  onCancel: () => void;
}

/** The fields as typed turned into a highlight, or the errors to show on them. */
export function readHighlightForm(
  form: Record<Field, string>,
): { draft: HighlightDraft } | { errors: Partial<Record<Field, string>> } {
  const errors: Partial<Record<Field, string>> = {};
  const start = parseShareClock(form.start);
  if (start === undefined) errors.start = 'Type where it starts, e.g. 0:42.';
  const end = form.end.trim() === '' ? null : parseShareClock(form.end);
  if (end === undefined) errors.end = 'Type where it ends, e.g. 1:05, or leave it empty for a moment.';
  if (start !== undefined && end !== undefined && end !== null && end <= start)
    errors.end = 'The end must come after the start. Leave it empty for a moment.';
  const label = form.label.trim();
  if (label === '') errors.label = 'Give the highlight a label.';
  if (start === undefined || end === undefined || Object.keys(errors).length > 0) return { errors };
  return { draft: { start, end, label, comment: form.comment.trim() } };
}

/** Label, comment and where the highlight starts and ends (empty end: a moment). */
export function HighlightForm({ initial, submitLabel, busy, onSubmit, onCancel }: HighlightFormProps) {
  const [form, setForm] = useState<Record<Field, string>>({
    start: formatShareClock(initial.start),
    end: initial.end === null ? '' : formatShareClock(initial.end),
    label: initial.label,
    comment: initial.comment,
  });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const set = (field: Field) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = readHighlightForm(form);
    if ('errors' in read) {
      setFieldErrors(read.errors);
      setFormErrors([]);
      return;
    }
    setFieldErrors({});
    setFormErrors([]);
    onSubmit(read.draft).catch((error: unknown) => {
      if (!isHttpError(error)) {
        setFormErrors(['The highlight could not be saved. Check your connection and try again.']);
        return;
      }
      const mapped = mapServerErrors(error.errors, FIELDS);
      setFieldErrors(mapped.fieldErrors);
      setFormErrors(mapped.formErrors);
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {formErrors.map((message) => (
        <FormAlert key={message}>{message}</FormAlert>
      ))}
      <TextField
        label="Label"
        value={form.label}
        maxLength={HIGHLIGHT_LIMITS.labelMax}
        onChange={(event) => set('label')(event.target.value)}
        error={fieldErrors.label}
        required
      />
      <TextAreaField
        label="Comment"
        optional
        value={form.comment}
        maxLength={HIGHLIGHT_LIMITS.commentMax}
        onChange={(event) => set('comment')(event.target.value)}
        error={fieldErrors.comment}
        rows={3}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Starts at"
          value={form.start}
          inputMode="decimal"
          onChange={(event) => set('start')(event.target.value)}
          error={fieldErrors.start}
        />
        <TextField
          label="Ends at"
          optional
          hint="Empty: a moment."
          value={form.end}
          inputMode="decimal"
          onChange={(event) => set('end')(event.target.value)}
          error={fieldErrors.end}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
