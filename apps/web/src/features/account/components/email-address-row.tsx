import type { EmailAddress } from '@voxpad/shared/account';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmPanel } from '../../../components/ui/confirm-panel.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { accountErrorsOf } from '../api/account-call.ts';
import { useMakePrimaryEmail } from '../api/make-primary-email.ts';
import { useRemoveEmailAddress } from '../api/remove-email-address.ts';
import { useRequestEmailVerification } from '../api/request-email-verification.ts';
import { Badge } from './account-section.tsx';

/** Why an action is off for this address, in words; null when it is on. */
function primaryBlocker(address: EmailAddress): string | null {
  if (address.primary) return null;
  return address.verified ? null : 'Confirm this address (open the link we mailed) to make it primary.';
}

function removeBlocker(address: EmailAddress): string | null {
  return address.primary
    ? 'Your primary address cannot be removed: make another verified address primary first.'
    : null;
}

/** One address with its badges and what can be done with it. */
export function EmailAddressRow({
  address,
  onPrimaryChanged,
}: {
  address: EmailAddress;
  onPrimaryChanged?: (() => void) | undefined;
}) {
  const resend = useRequestEmailVerification();
  const makePrimary = useMakePrimaryEmail({ onChanged: onPrimaryChanged });
  const remove = useRemoveEmailAddress();
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const [resent, setResent] = useState(false);
  const explanationId = useId();
  const blockedPrimary = primaryBlocker(address);
  const blockedRemove = removeBlocker(address);
  const explanations = [blockedPrimary, blockedRemove].filter((text): text is string => text !== null);
  const failure = [resend.error, makePrimary.error, remove.error]
    .flatMap((error) => (error ? accountErrorsOf(error) : []))
    .map((error) => error.message);

  return (
    <li className="space-y-2 px-3 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="min-w-0 font-medium break-all text-slate-900 dark:text-slate-50">
          {address.email}
        </span>
        <span className="flex flex-wrap gap-1.5">
          {address.primary ? <Badge tone="indigo">Primary</Badge> : null}
          {address.verified ? <Badge tone="green">Verified</Badge> : <Badge tone="amber">Unverified</Badge>}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        {!address.verified ? (
          <Button
            variant="secondary"
            disabled={resend.isPending}
            onClick={() => {
              setResent(false);
              resend.mutate(address.email, { onSuccess: () => setResent(true) });
            }}
          >
            {resend.isPending ? 'Sending…' : 'Resend confirmation'}
          </Button>
        ) : null}
        {!address.primary ? (
          <Button
            variant="secondary"
            disabled={blockedPrimary !== null || makePrimary.isPending}
            aria-describedby={blockedPrimary ? explanationId : undefined}
            onClick={() => makePrimary.mutate(address.email)}
          >
            {makePrimary.isPending ? 'Making primary…' : 'Make primary'}
          </Button>
        ) : null}
        <Button
          variant="ghost"
          disabled={blockedRemove !== null || remove.isPending}
          aria-describedby={blockedRemove ? explanationId : undefined}
          aria-label={`Remove ${address.email}`}
          onClick={() => setConfirmingRemoval(true)}
        >
          Remove
        </Button>
      </div>
      {explanations.length > 0 ? (
        <p id={explanationId} className="text-xs text-slate-500 dark:text-slate-400">
          {explanations.join(' ')}
        </p>
      ) : null}
      {confirmingRemoval ? (
        <ConfirmPanel
          message={`Remove ${address.email} from your account?`}
          confirmLabel="Remove address"
          cancelLabel="Keep it"
          busy={remove.isPending}
          busyLabel="Removing…"
          onCancel={() => setConfirmingRemoval(false)}
          onConfirm={() => remove.mutate(address.email, { onSettled: () => setConfirmingRemoval(false) })}
        />
      ) : null}
      {resent ? (
        <FormAlert tone="success">A new confirmation link was sent to {address.email}.</FormAlert>
      ) : null}
      {failure.length > 0 ? <FormAlert>{failure.join(' ')}</FormAlert> : null}
    </li>
  );
}
