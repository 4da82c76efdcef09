import type { ProviderAccount } from '@voxpad/shared/connected-accounts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmPanel } from '../../../components/ui/confirm-panel.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { accountErrorsOf } from '../api/account-call.ts';
import { useDisconnectProviderAccount } from '../api/disconnect-provider-account.ts';
import { disconnectRefusalMessage } from '../utils/connect-error-message.ts';

/** One connected provider account, with a confirmed "Disconnect". */
export function ProviderAccountRow({ account }: { account: ProviderAccount }) {
  const disconnect = useDisconnectProviderAccount();
  const [confirming, setConfirming] = useState(false);
  const label = `${account.provider.name} account ${account.display}`;
  const failure = disconnect.error
    ? accountErrorsOf(disconnect.error).map((error) => disconnectRefusalMessage(error.code, error.message))
    : [];

  return (
    <li className="space-y-2 px-3 py-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-900 dark:text-slate-50">{account.provider.name}</p>
          <p className="break-all text-slate-600 dark:text-slate-300">{account.display}</p>
        </div>
        <Button
          variant="ghost"
          aria-label={`Disconnect ${label}`}
          disabled={disconnect.isPending}
          onClick={() => {
            disconnect.reset();
            setConfirming(true);
          }}
        >
          Disconnect
        </Button>
      </div>
      {confirming ? (
        <ConfirmPanel
          message={`Disconnect ${label}? You will no longer be able to log in with it.`}
          confirmLabel="Disconnect account"
          cancelLabel="Keep it"
          busy={disconnect.isPending}
          busyLabel="Disconnecting…"
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            disconnect.mutate(
              { provider: account.provider.id, account: account.uid },
              { onSettled: () => setConfirming(false) },
            )
          }
        />
      ) : null}
      {failure.length > 0 ? <FormAlert>{failure.join(' ')}</FormAlert> : null}
    </li>
  );
}
