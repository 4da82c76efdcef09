import type { Provider } from '@voxpad/shared/auth';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { accountErrorsOf } from '../api/account-call.ts';
import { useProviderAccounts } from '../api/get-provider-accounts.ts';
import { connectErrorMessage } from '../utils/connect-error-message.ts';
import { AccountSection } from './account-section.tsx';
import { ProviderAccountRow } from './provider-account-row.tsx';

export interface ConnectedAccountsSectionProps {
  /** The providers this server offers (from the auth config). */
  providers: Provider[];
  /** Leaves for the provider to connect an account of it (a form POST, so the page goes). */
  onConnect: (providerId: string) => void;
  /** The `?error=` the provider flow came back with, if any. */
  connectError?: string | undefined;
  /** Opens the "confirm it’s you" prompt when connecting came back for a recent login; false if closed. */
  confirmIdentity?: () => Promise<boolean>;
}

/** The third-party accounts that log in to this account: listed, connected, disconnected. */
export function ConnectedAccountsSection({
  providers,
  onConnect,
  connectError,
  confirmIdentity,
}: ConnectedAccountsSectionProps) {
  const accounts = useProviderAccounts();
  const [confirmed, setConfirmed] = useState(false);
  const askToConfirm = connectError === 'reauthentication_required' && confirmIdentity !== undefined;
  const connectable = providers.filter((provider) => provider.flows.includes('provider_redirect'));

  return (
    <AccountSection
      title="Connected accounts"
      description="Accounts at other services you can log in with. Each one is a way into your Voxpad account."
    >
      {connectError && !confirmed ? <FormAlert>{connectErrorMessage(connectError)}</FormAlert> : null}
      {askToConfirm && !confirmed ? (
        <Button
          variant="secondary"
          onClick={() => void confirmIdentity().then(setConfirmed, () => setConfirmed(false))}
        >
          Confirm it’s you
        </Button>
      ) : null}
      {confirmed ? (
        <FormAlert tone="success">Confirmed. Choose the provider to connect again.</FormAlert>
      ) : null}
      {accounts.isPending ? (
        <Spinner label="Loading connected accounts…" />
      ) : accounts.isError ? (
        <FormAlert>
          {accountErrorsOf(accounts.error)[0]?.message ?? 'Your connected accounts could not be loaded.'}
        </FormAlert>
      ) : accounts.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No accounts are connected yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {accounts.data.map((account) => (
            <ProviderAccountRow key={`${account.provider.id}:${account.uid}`} account={account} />
          ))}
        </ul>
      )}
      {connectable.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {connectable.map((provider) => (
            <Button key={provider.id} variant="secondary" onClick={() => onConnect(provider.id)}>
              Connect {provider.name}
            </Button>
          ))}
        </div>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          No login providers are set up on this server.
        </p>
      )}
    </AccountSection>
  );
}
