import { SHARE_GONE_MESSAGE, type PublicSharedNote } from '@voxpad/shared/shares';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiClient, httpStatusOf } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { usePublicShare } from '../api/get-public-share.ts';
import { useUnlockShare } from '../api/unlock-share.ts';

function UnlockForm({ token }: { token: string }) {
  const unlock = useUnlockShare(token);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password === '') {
      setError('Type the password you were given with the link.');
      return;
    }
    setError(undefined);
    unlock.mutate(password, { onError: (failure) => setError(failure.message) });
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-sm space-y-3" aria-label="Unlock the link">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        This link is protected by a password. Type the password you were given with it.
      </p>
      <PasswordField
        label="Password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={error}
        autoComplete="off"
        autoFocus
      />
      <Button type="submit" disabled={unlock.isPending}>
        {unlock.isPending ? 'Checking…' : 'Open'}
      </Button>
    </form>
  );
}

/**
 * A share link as a visitor sees it: a password form when it has one, then the note (or the
 * pad's notes) with a Download button when the owner allowed it. Each note's player is the
 * route's to give (`renderNote`): features do not import one another.
 */
export function PublicShareView({
  token,
  renderNote,
}: {
  token: string;
  renderNote: (note: PublicSharedNote) => ReactNode;
}) {
  const share = usePublicShare(token);
  if (share.isPending) return <Spinner label="Opening the link…" />;
  if (share.isError) {
    const gone = httpStatusOf(share.error) === 404;
    return (
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">
          {gone ? 'Link not available' : 'The link cannot be opened'}
        </h1>
        <FormAlert>
          {gone ? `${SHARE_GONE_MESSAGE} Ask the person who shared it for a new one.` : share.error.message}
        </FormAlert>
      </div>
    );
  }
  const data = share.data;
  if (data.locked) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold">
          {data.kind === 'pad' ? 'A shared pad' : 'A shared voice note'}
        </h1>
        <UnlockForm token={token} />
      </div>
    );
  }
  return (
    <article className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold break-words">{data.title}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {data.kind === 'pad'
            ? `A shared pad with ${data.notes.length === 1 ? '1 note' : `${data.notes.length} notes`}`
            : data.kind === 'range'
              ? 'A part of a shared voice note'
              : 'A shared voice note'}
          {data.expires_at ? ` · available until ${formatDateTime(data.expires_at)}` : ''}
        </p>
      </header>
      {data.notes.length === 0 ? <p className="text-sm">This pad has no notes yet.</p> : null}
      {data.notes.map((note) => (
        <section key={note.index} aria-label={note.title} className="space-y-3">
          {data.kind === 'pad' ? <h2 className="text-lg font-semibold break-words">{note.title}</h2> : null}
          {renderNote(note)}
          {note.download_url ? (
            <a href={apiClient.url(note.download_url)} download className={buttonClasses('secondary')}>
              Download audio
            </a>
          ) : null}
        </section>
      ))}
    </article>
  );
}
