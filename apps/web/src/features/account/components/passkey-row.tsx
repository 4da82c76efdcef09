import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmPanel } from '../../../components/ui/confirm-panel.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { accountErrorsOf } from '../api/account-call.ts';
import type { WebAuthnAuthenticator } from '../api/get-authenticators.ts';
import { useDeletePasskey, useRenamePasskey } from '../api/passkeys.ts';
import { Badge } from './account-section.tsx';

function day(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString();
}

/** One passkey: its name and dates, renaming it in place, and removing it. */
export function PasskeyRow({ passkey }: { passkey: WebAuthnAuthenticator }) {
  const rename = useRenamePasskey();
  const remove = useDeletePasskey();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [nameError, setNameError] = useState<string | undefined>();
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const descriptionId = useId();
  const failure = [rename.error, remove.error]
    .flatMap((error) => (error ? accountErrorsOf(error) : []))
    .map((error) => error.message);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Give the passkey a name, such as the device it is on.');
      return;
    }
    setNameError(undefined);
    rename.mutate({ id: passkey.id, name: trimmed }, { onSuccess: () => setEditing(false) });
  }

  return (
    <li className="space-y-2 px-3 py-3 text-sm">
      {editing ? (
        <form
          onSubmit={submit}
          noValidate
          className="flex flex-wrap items-start gap-2"
          aria-busy={rename.isPending}
        >
          <TextField
            label={`New name for ${passkey.name}`}
            name="name"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
            error={nameError}
            className="min-w-0 flex-1 basis-48"
            autoFocus
          />
          <div className="flex gap-2 sm:mt-6">
            <Button type="submit" disabled={rename.isPending}>
              {rename.isPending ? 'Saving…' : 'Save name'}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setEditing(false);
                setName(passkey.name);
                setNameError(undefined);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div id={descriptionId} className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-medium break-all text-slate-900 dark:text-slate-50">
              {passkey.name}
              {passkey.is_passwordless === false ? <Badge tone="indigo">Second step only</Badge> : null}
            </p>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              Added {day(passkey.created_at)}
              {passkey.last_used_at ? ` · last used ${day(passkey.last_used_at)}` : ' · not used yet'}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              aria-label={`Rename ${passkey.name}`}
              onClick={() => setEditing(true)}
            >
              Rename
            </Button>
            <Button
              variant="ghost"
              aria-label={`Remove ${passkey.name}`}
              aria-describedby={descriptionId}
              disabled={remove.isPending}
              onClick={() => setConfirmingRemoval(true)}
            >
              Remove
            </Button>
          </div>
        </div>
      )}
      {confirmingRemoval ? (
        <ConfirmPanel
          message={`Remove the passkey “${passkey.name}”? It will no longer log you in.`}
          confirmLabel="Remove passkey"
          cancelLabel="Keep it"
          busy={remove.isPending}
          busyLabel="Removing…"
          onCancel={() => setConfirmingRemoval(false)}
          onConfirm={() => remove.mutate(passkey.id, { onSettled: () => setConfirmingRemoval(false) })}
        />
      ) : null}
      {failure.length > 0 ? <FormAlert>{failure.join(' ')}</FormAlert> : null}
    </li>
  );
}
