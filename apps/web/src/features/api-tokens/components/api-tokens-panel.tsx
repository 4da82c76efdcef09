import { API_TOKEN_NAME_MAX, type ApiToken, type CreatedApiToken } from '@voxpad/shared/api-tokens';
import { useId, useState, type FormEvent } from 'react';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { ShownOnce } from '../../../components/ui/shown-once.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { isHttpError } from '../../../lib/api-client.ts';
import { daysAgo } from '../../../lib/days-ago.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { toastHttpError } from '../../../lib/toast-http-error.ts';
import { useCreateApiToken } from '../api/create-api-token.ts';
import { useApiTokens } from '../api/get-api-tokens.ts';
import { useRevokeApiToken } from '../api/revoke-api-token.ts';
import { DEFAULT_EXPIRY_DAYS, EXPIRY_CHOICES, expiryLabel, isExpired } from '../utils/token-expiry.ts';

/** The select's value for "never": an option value is a string, and '' would read as unset. */
const NEVER = 'never';

/** A date as the person reads it, with the exact moment on hover and for assistive technology. */
function When({ iso, children }: { iso: string; children: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {children}
    </time>
  );
}

function TokenDates({ token }: { token: ApiToken }) {
  const expired = isExpired(token);
  return (
    <p className="text-xs text-slate-500 dark:text-slate-400">
      Created <When iso={token.created_at}>{daysAgo(token.created_at)}</When> ·{' '}
      {token.last_used_at ? (
        <>
          last used <When iso={token.last_used_at}>{daysAgo(token.last_used_at)}</When>
        </>
      ) : (
        'never used'
      )}{' '}
      ·{' '}
      {token.expires_at ? (
        <span className={expired ? 'font-medium text-red-700 dark:text-red-300' : undefined}>
          <When iso={token.expires_at}>{expiryLabel(token)}</When>
        </span>
      ) : (
        expiryLabel(token)
      )}
    </p>
  );
}

function NewToken({ created, onDismiss }: { created: CreatedApiToken; onDismiss: () => void }) {
  return (
    <ShownOnce
      message={`Token “${created.name}” created. Copy it now: it will not be shown again.`}
      label="New API token"
      noun="token"
      value={created.token}
      onDismiss={onDismiss}
    />
  );
}

export function ApiTokensPanel({
  origin,
  confirmIdentity,
}: {
  origin: string;
  /** Asks the person to confirm it is them when the server wants a recent login; false if they decline. */
  confirmIdentity?: () => Promise<boolean>;
}) {
  const tokens = useApiTokens();
  const create = useCreateApiToken({ confirmIdentity });
  const revoke = useRevokeApiToken({ onError: toastHttpError });
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<string>(String(DEFAULT_EXPIRY_DAYS));
  const expiryId = useId();
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      setError('Give the token a name, e.g. the script or device that will use it.');
      return;
    }
    setError(null);
    setFormError(null);
    const choice = EXPIRY_CHOICES.find((c) => String(c.days ?? NEVER) === expiry);
    create.mutate(
      { name: name.trim(), expires_in_days: choice?.days ?? null },
      {
        onSuccess: (token) => {
          // null: the person closed the "confirm it’s you" prompt; the form stays as it was.
          if (!token) return;
          setCreated(token);
          setName('');
        },
        onError: (cause) => {
          const first = isHttpError(cause) ? cause.errors[0] : undefined;
          if (!first) toastHttpError(cause);
          // The name is the only field a person can get wrong; the rest (too many tokens) is the form's.
          else if (first.param === 'name') setError(first.message);
          else setFormError(first.message);
        },
      },
    );
  }

  return (
    <section
      aria-labelledby="tokens-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <h2 id="tokens-heading" className="font-semibold text-slate-900 dark:text-slate-50">
          Personal API tokens
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Scripts and apps that speak the OpenAI audio API can transcribe with Voxpad: send the audio to{' '}
          <code className="rounded bg-slate-100 px-1 font-mono text-xs break-all dark:bg-slate-800">
            POST {origin}/v1/audio/transcriptions
          </code>{' '}
          with the header{' '}
          <code className="rounded bg-slate-100 px-1 font-mono text-xs dark:bg-slate-800">
            Authorization: Bearer &lt;token&gt;
          </code>
          . Each recording is kept as a voice note in your account.
        </p>
        <pre className="mt-2 overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100 dark:bg-slate-950">
          {`curl ${origin}/v1/audio/transcriptions \\\n  -H "Authorization: Bearer $VOXPAD_TOKEN" \\\n  -F file=@note.wav -F model=whisper-1`}
        </pre>
      </div>

      {created ? <NewToken created={created} onDismiss={() => setCreated(null)} /> : null}
      {formError ? <FormAlert>{formError}</FormAlert> : null}

      <form
        onSubmit={submit}
        noValidate
        className="flex flex-wrap items-end gap-2"
        aria-busy={create.isPending}
      >
        <TextField
          label="Token name"
          placeholder="Laptop script"
          value={name}
          maxLength={API_TOKEN_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
          error={error ?? undefined}
          className="min-w-56 flex-1"
        />
        <div>
          <label
            htmlFor={expiryId}
            className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            Expires after
          </label>
          <select
            id={expiryId}
            value={expiry}
            onChange={(event) => setExpiry(event.target.value)}
            className={`block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm max-sm:min-h-11 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${focusRing}`}
          >
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.label} value={String(choice.days ?? NEVER)}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create token'}
        </Button>
      </form>

      {tokens.isPending ? (
        <Spinner label="Loading tokens…" />
      ) : tokens.isError ? (
        <FormAlert>Your tokens could not be loaded. Reload the page to try again.</FormAlert>
      ) : tokens.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">You have no API tokens.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {tokens.data.map((token) => (
            <li
              key={token.id}
              className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
            >
              <div>
                <p className="font-medium text-slate-900 dark:text-slate-50">
                  {token.name}
                  {isExpired(token) ? (
                    <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
                      Expired
                    </span>
                  ) : null}
                </p>
                <TokenDates token={token} />
              </div>
              {confirming === token.id ? (
                <div
                  role="alertdialog"
                  aria-label={`Revoke ${token.name}?`}
                  className="flex items-center gap-2"
                >
                  <span className="text-red-800 dark:text-red-200">
                    Revoke? Scripts using it stop working.
                  </span>
                  <Button variant="danger" onClick={() => revoke.mutate(token.id)}>
                    Revoke
                  </Button>
                  <Button variant="secondary" autoFocus onClick={() => setConfirming(null)}>
                    Keep
                  </Button>
                </div>
              ) : (
                <Button
                  variant="ghost"
                  aria-label={`Revoke ${token.name}`}
                  onClick={() => setConfirming(token.id)}
                >
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
