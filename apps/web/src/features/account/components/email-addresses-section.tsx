import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert, FormErrors } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { mapServerErrors } from '../../../lib/form-errors.ts';
import { accountErrorsOf } from '../api/account-call.ts';
import { useAddEmailAddress } from '../api/add-email-address.ts';
import { useEmailAddresses } from '../api/get-email-addresses.ts';
import { AccountSection } from './account-section.tsx';
import { EmailAddressRow } from './email-address-row.tsx';

function AddEmailForm() {
  const add = useAddEmailAddress();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [sentTo, setSentTo] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    setSentTo(null);
    setFormErrors([]);
    if (!address) {
      setFieldError('Enter the email address to add.');
      return;
    }
    setFieldError(undefined);
    add.mutate(address, {
      onSuccess: () => {
        setSentTo(address);
        setEmail('');
      },
      onError: (error) => {
        const mapped = mapServerErrors(accountErrorsOf(error), ['email'] as const);
        setFieldError(mapped.fieldErrors.email);
        setFormErrors(mapped.formErrors);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-busy={add.isPending}>
      {sentTo ? (
        <FormAlert tone="success">
          We sent a verification link to {sentTo}. Open it to confirm the address.
        </FormAlert>
      ) : null}
      <FormErrors messages={formErrors} />
      <div className="flex flex-wrap items-start gap-2">
        <TextField
          label="Add an email address"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError}
          className="min-w-0 flex-1 basis-56"
        />
        <Button type="submit" disabled={add.isPending} className="sm:mt-6">
          {add.isPending ? 'Adding…' : 'Add email'}
        </Button>
      </div>
    </form>
  );
}

/** The account's addresses: which one mail goes to, which are confirmed, and adding more. */
export function EmailAddressesSection({ onPrimaryChanged }: { onPrimaryChanged?: () => void }) {
  const addresses = useEmailAddresses();
  return (
    <AccountSection
      title="Email addresses"
      description="You can log in with any verified address. Mail from Voxpad goes to the primary one."
    >
      {addresses.isPending ? (
        <Spinner label="Loading addresses…" />
      ) : addresses.isError ? (
        <FormAlert>
          {accountErrorsOf(addresses.error)[0]?.message ?? 'Your addresses could not be loaded.'}
        </FormAlert>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {addresses.data.map((address) => (
            <EmailAddressRow key={address.email} address={address} onPrimaryChanged={onPrimaryChanged} />
          ))}
        </ul>
      )}
      <AddEmailForm />
    </AccountSection>
  );
}
