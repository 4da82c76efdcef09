import {
  formatShareClock,
  parseShareClock,
  SHARE_PASSWORD_MAX,
  SHARE_PASSWORD_MIN,
  type CreateShare,
  type CreatedShare,
} from '@voxpad/shared/shares';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormAlert, FormErrors } from '../../../components/ui/form-alert.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { isHttpError } from '../../../lib/api-client.ts';
import { mapServerErrors } from '../../../lib/form-errors.ts';
import { useCreateShare } from '../api/create-share.ts';
import { ShareLinks } from './share-links.tsx';

/** What is being shared: a note (whose length bounds a range) or a pad. */
export type ShareTarget =
  | {
      kind: 'note';
      noteId: string;
      durationSeconds: number | null;
      /** A part to offer first (a highlight's range, ADR 0054): the form opens with it filled in. */
      range?: { start: number; end: number };
    }
  | { kind: 'pad'; padId: string };

const DAY_MS = 24 * 60 * 60 * 1000;
export const EXPIRY_CHOICES = [
  { value: 'never', label: 'Never', days: null },
  { value: '1', label: 'In 1 day', days: 1 },
  { value: '7', label: 'In 7 days', days: 7 },
  { value: '30', label: 'In 30 days', days: 30 },
] as const;

type Field = 'start' | 'end' | 'expires_at' | 'password';
const FIELDS: readonly Field[] = ['start', 'end', 'expires_at', 'password'];

const selectClasses = `block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm max-sm:min-h-11 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${focusRing}`;

function NewLink({ created }: { created: CreatedShare }) {
  const [copied, setCopied] = useState(false);
  const linkId = useId();
  return (
    <FormAlert tone="success">
      <p className="font-medium" id={linkId}>
        Link created. Anyone with it can open what you shared
        {created.has_password ? ' with the password' : ''}.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <input
          readOnly
          aria-labelledby={linkId}
          value={created.url}
          onFocus={(event) => event.currentTarget.select()}
          className={`min-w-0 flex-1 rounded bg-white px-2 py-1 font-mono text-sm text-slate-900 dark:bg-slate-950 dark:text-slate-100 ${focusRing}`}
        />
        <Button
          variant="secondary"
          onClick={() => {
            navigator.clipboard.writeText(created.url).then(
              () => {
                setCopied(true);
                toast.success('Link copied.');
              },
              () => toast.error('Copying failed. Select the link and copy it by hand.'),
            );
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </FormAlert>
  );
}

/** The form's choices turned into a request, or the errors to show on its fields. */
export function shareRequest(
  target: ShareTarget,
  form: {
    whole: boolean;
    from: string;
    to: string;
    expiry: string;
    password: string;
    allowDownload: boolean;
  },
  now = Date.now(),
): { request: CreateShare } | { errors: Partial<Record<Field, string>> } {
  const errors: Partial<Record<Field, string>> = {};
  const request: CreateShare = target.kind === 'pad' ? { pad_id: target.padId } : { note_id: target.noteId };
  if (target.kind === 'note' && !form.whole) {
    const start = parseShareClock(form.from);
    const end = parseShareClock(form.to);
    if (start === undefined) errors.start = 'Type where the part starts, e.g. 0:42.';
    if (end === undefined) errors.end = 'Type where the part ends, e.g. 1:15.';
    if (start !== undefined && end !== undefined) {
      if (end <= start) errors.end = 'The end must come after the start.';
      else if (target.durationSeconds !== null && end > target.durationSeconds + 0.05)
        errors.end = `The note is ${formatShareClock(target.durationSeconds)} long.`;
      request.start = start;
      request.end = end;
    }
  }
  const choice = EXPIRY_CHOICES.find((c) => c.value === form.expiry);
  if (choice?.days) request.expires_at = new Date(now + choice.days * DAY_MS).toISOString();
  if (form.password !== '') {
    if (form.password.length < SHARE_PASSWORD_MIN)
      errors.password = `A link password needs at least ${SHARE_PASSWORD_MIN} characters.`;
    else request.password = form.password;
  }
  if (form.allowDownload) request.allow_download = true;
  return Object.keys(errors).length > 0 ? { errors } : { request };
}

function CreateShareForm({
  target,
  onCreated,
}: {
  target: ShareTarget;
  onCreated: (s: CreatedShare) => void;
}) {
  const create = useCreateShare();
  const scopeName = useId();
  const expiryId = useId();
  const range = target.kind === 'note' ? target.range : undefined;
  const [whole, setWhole] = useState(range === undefined);
  const [from, setFrom] = useState(range ? formatShareClock(range.start) : '0:00');
  const [to, setTo] = useState(() =>
    range
      ? formatShareClock(range.end)
      : target.kind === 'note' && target.durationSeconds !== null
        ? formatShareClock(target.durationSeconds)
        : '',
  );
  const [expiry, setExpiry] = useState<string>('never');
  const [password, setPassword] = useState('');
  const [allowDownload, setAllowDownload] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const built = shareRequest(target, { whole, from, to, expiry, password, allowDownload });
    if ('errors' in built) {
      setFieldErrors(built.errors);
      setFormErrors([]);
      return;
    }
    setFieldErrors({});
    setFormErrors([]);
    create.mutate(built.request, {
      onSuccess: (created) => {
        setPassword('');
        onCreated(created);
      },
      onError: (error) => {
        if (!isHttpError(error)) {
          setFormErrors([error.message]);
          return;
        }
        const mapped = mapServerErrors(error.errors, FIELDS);
        setFieldErrors(mapped.fieldErrors);
        setFormErrors(mapped.formErrors);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="New share link">
      <FormErrors messages={formErrors} />
      {target.kind === 'note' ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">What to share</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            <label className="inline-flex items-center gap-2">
              <input type="radio" name={scopeName} checked={whole} onChange={() => setWhole(true)} />
              The whole note
            </label>
            <label className="inline-flex items-center gap-2">
              <input type="radio" name={scopeName} checked={!whole} onChange={() => setWhole(false)} />A part
              of it
            </label>
          </div>
          {whole ? null : (
            <div className="grid grid-cols-2 gap-3">
              <TextField
                label="From"
                value={from}
                onChange={(event) => setFrom(event.target.value)}
                error={fieldErrors.start}
                hint="e.g. 0:42"
                inputMode="decimal"
              />
              <TextField
                label="To"
                value={to}
                onChange={(event) => setTo(event.target.value)}
                error={fieldErrors.end}
                hint="e.g. 1:15"
                inputMode="decimal"
              />
            </div>
          )}
        </fieldset>
      ) : null}
      <div>
        <label
          htmlFor={expiryId}
          className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          Link expires
        </label>
        <select
          id={expiryId}
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
          className={selectClasses}
        >
          {EXPIRY_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        {fieldErrors.expires_at ? (
          <p className="mt-1 text-sm text-red-600 dark:text-red-400">{fieldErrors.expires_at}</p>
        ) : null}
      </div>
      <PasswordField
        label="Password"
        optional
        hint={`Optional. Visitors must type it to open the link (${SHARE_PASSWORD_MIN} to ${SHARE_PASSWORD_MAX} characters).`}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrors.password}
        autoComplete="new-password"
        maxLength={SHARE_PASSWORD_MAX}
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={allowDownload}
          onChange={(event) => setAllowDownload(event.target.checked)}
        />
        Allow downloading the audio
      </label>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating link…' : 'Create link'}
      </Button>
    </form>
  );
}

/**
 * Sharing a note (whole, or from one time to another) or a pad: makes a link with an expiry, an
 * optional password and downloads allowed or not, shows it with a Copy button, and lists this
 * note's or pad's links with their views and a Revoke button.
 */
export function ShareDialog({
  open,
  onRequestClose,
  target,
  title,
}: {
  open: boolean;
  onRequestClose: () => void;
  target: ShareTarget;
  title: string;
}) {
  const [created, setCreated] = useState<CreatedShare | null>(null);
  const filter = target.kind === 'note' ? { noteId: target.noteId } : { padId: target.padId };
  return (
    <Dialog
      open={open}
      title={title}
      onRequestClose={() => {
        setCreated(null);
        onRequestClose();
      }}
    >
      <div className="space-y-5">
        {created ? <NewLink created={created} /> : null}
        <CreateShareForm target={target} onCreated={setCreated} />
        <section aria-label="Existing links" className="space-y-2">
          <h3 className="text-sm font-semibold">Links</h3>
          <ShareLinks filter={filter} emptyText="Nothing shared yet." />
        </section>
      </div>
    </Dialog>
  );
}

/** The "Share" button of a note or pad page, with its dialog. */
export function ShareButton({
  label,
  target,
  title,
  variant = 'secondary',
}: {
  label: string;
  target: ShareTarget;
  title: string;
  variant?: 'secondary' | 'ghost';
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ShareDialog open={open} onRequestClose={() => setOpen(false)} target={target} title={title} />
    </>
  );
}
