import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { accountErrorsOf } from '../api/account-call.ts';
import { useConfirmEmailAddress } from '../api/confirm-email-address.ts';
import type { EmailConfirmation } from '../api/get-email-confirmation.ts';
import { AccountSection } from './account-section.tsx';

export interface ConfirmAddedEmailProps {
  verificationKey: string;
  /** What the link confirms; null when the key is unknown, spent or expired. */
  confirmation: EmailConfirmation | null;
  /** The logged-in account, to tell a link meant for another account. */
  currentUserId: string | number;
  onConfirmed: (email: string) => void;
}

const backToAddresses = <TextLink to="/account/emails">Go to your email addresses</TextLink>;

/** The account area's end of a confirmation link: confirm an address added to this account. */
export function ConfirmAddedEmail({
  verificationKey,
  confirmation,
  currentUserId,
  onConfirmed,
}: ConfirmAddedEmailProps) {
  const confirm = useConfirmEmailAddress();

  if (!confirmation) {
    return (
      <AccountSection title="Confirm an email address">
        <FormAlert>
          This confirmation link is not valid: it was already used, has expired, or was mistyped. You can send
          a new one from your email addresses.
        </FormAlert>
        {backToAddresses}
      </AccountSection>
    );
  }

  if (String(confirmation.user.id) !== String(currentUserId)) {
    return (
      <AccountSection title="Confirm an email address">
        <FormAlert>
          This link confirms {confirmation.email} for another Voxpad account, not the one you are logged in
          with. Log out, then open the link again.
        </FormAlert>
        {backToAddresses}
      </AccountSection>
    );
  }

  const failure = confirm.error ? accountErrorsOf(confirm.error).map((error) => error.message) : [];
  return (
    <AccountSection title="Confirm an email address">
      <p className="text-sm text-slate-700 dark:text-slate-200">
        Confirm that <strong className="break-all">{confirmation.email}</strong> is your address. You can then
        log in with it and make it your primary address.
      </p>
      {failure.length > 0 ? <FormAlert>{failure.join(' ')}</FormAlert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          disabled={confirm.isPending}
          onClick={() =>
            confirm.mutate(verificationKey, { onSuccess: () => onConfirmed(confirmation.email) })
          }
        >
          {confirm.isPending ? 'Confirming…' : 'Confirm address'}
        </Button>
        {backToAddresses}
      </div>
    </AccountSection>
  );
}
