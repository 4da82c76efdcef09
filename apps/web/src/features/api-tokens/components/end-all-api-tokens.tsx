import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { useApiTokens } from '../api/get-api-tokens.ts';
import { useRevokeAllApiTokens } from '../api/revoke-all-api-tokens.ts';

/**
 * Beside the sessions list: signing devices out leaves personal API tokens working (they are
 * for scripts), so this offers to end them too, after a confirmation.
 */
export function EndAllApiTokens() {
  const tokens = useApiTokens();
  const revokeAll = useRevokeAllApiTokens();
  const [confirming, setConfirming] = useState(false);
  const count = tokens.data?.length ?? 0;

  return (
    <section
      aria-labelledby="end-tokens-heading"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="end-tokens-heading" className="font-semibold text-slate-900 dark:text-slate-50">
        API tokens
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Signing out keeps your personal API tokens working, so scripts go on. If a token may have leaked, end
        them all here as well.
      </p>
      {revokeAll.isError ? (
        <FormAlert>The tokens could not be ended. Check your connection and try again.</FormAlert>
      ) : null}
      {revokeAll.isSuccess && count === 0 ? (
        <FormAlert tone="success">Every API token was ended. Scripts that used them stop working.</FormAlert>
      ) : null}
      {count === 0 && !revokeAll.isSuccess ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">You have no API tokens.</p>
      ) : null}
      {count > 0 && !confirming ? (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Also end API tokens ({count})
        </Button>
      ) : null}
      {count > 0 && confirming ? (
        <div
          role="alertdialog"
          aria-label="End every API token?"
          className="flex flex-wrap items-center gap-2"
        >
          <span className="text-sm text-red-800 dark:text-red-200">
            End all {count} tokens? Scripts using them stop working.
          </span>
          <Button
            variant="danger"
            disabled={revokeAll.isPending}
            onClick={() => revokeAll.mutate(undefined, { onSettled: () => setConfirming(false) })}
          >
            {revokeAll.isPending ? 'Ending…' : 'End all tokens'}
          </Button>
          <Button variant="secondary" autoFocus onClick={() => setConfirming(false)}>
            Keep them
          </Button>
        </div>
      ) : null}
    </section>
  );
}
