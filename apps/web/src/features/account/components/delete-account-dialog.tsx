import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { confirmsAccount } from '../utils/account-confirmation.ts';

export interface DeleteAccountDialogProps {
  open: boolean;
  account: { username?: string; email?: string };
  busy: boolean;
  /** Why the last attempt did not delete the account, in words for the person. */
  message: { tone: 'error' | 'info'; text: string } | null;
  onDelete: () => void;
  onCancel: () => void;
}

/**
 * The safe choice takes the focus when the dialog opens: showModal() focuses the element with the
 * `autofocus` attribute (React's autoFocus prop sets none, and showModal runs after it).
 */
function markAutofocus(button: HTMLButtonElement | null) {
  button?.setAttribute('autofocus', '');
}

/** What goes with the account (ADR 0042), in the words the person knows the app by. */
const WHAT_GOES = [
  'Every pad and voice note: the recordings, their transcripts and earlier versions.',
  'Recordings still uploading, and those waiting in this device’s outbox.',
  'Your words, and the models Voxpad learnt from your voice.',
  'Your API tokens (scripts using them stop working), passkeys, two-factor and connected accounts.',
  'Your email addresses, settings, and every session on every device.',
];

/** Asks to type the username or email address before the account and everything in it go. */
export function DeleteAccountDialog({ open, onCancel, ...form }: DeleteAccountDialogProps) {
  return (
    <Dialog open={open} title="Delete your account?" onRequestClose={onCancel}>
      {/* Inside the open dialog only: what was typed is forgotten when it closes. */}
      <DeleteAccountForm {...form} onCancel={onCancel} />
    </Dialog>
  );
}

function DeleteAccountForm({
  account,
  busy,
  message,
  onDelete,
  onCancel,
}: Omit<DeleteAccountDialogProps, 'open'>) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const names = [account.username, account.email].filter((name): name is string => Boolean(name));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!confirmsAccount(typed, account)) {
      setError(`Type ${names.map((name) => `“${name}”`).join(' or ')} exactly as shown, to confirm.`);
      return;
    }
    setError(null);
    onDelete();
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={busy} className="space-y-4">
      <div className="space-y-2 text-sm text-slate-700 dark:text-slate-200">
        <p>Your account and everything in it are deleted for good:</p>
        <ul className="list-disc space-y-1 pl-5">
          {WHAT_GOES.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="font-medium">
          This cannot be undone: Voxpad keeps no copy. Save any recording or transcript you want to keep
          first.
        </p>
      </div>
      {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
      <TextField
        label="To confirm, type your username or email address"
        hint={`Your username is “${account.username ?? '—'}”; your email address is “${account.email ?? '—'}”.`}
        value={typed}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => setTyped(event.target.value)}
        error={error ?? undefined}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} ref={markAutofocus}>
          Keep my account
        </Button>
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? 'Deleting…' : 'Delete my account'}
        </Button>
      </div>
    </form>
  );
}
