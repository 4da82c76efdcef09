import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';
import { AccountSection } from './account-section.tsx';
import { DeleteAccountDialog, type DeleteAccountDialogProps } from './delete-account-dialog.tsx';

export interface DeleteAccountSectionProps {
  account: { username?: string; email?: string };
  /** The account area's "confirm it’s you" prompt; false when the person closed it. */
  confirmIdentity: () => Promise<boolean>;
  /** The account is gone and this browser logged out: the route leaves the signed-in screens. */
  onDeleted: () => void;
}

/** The last card of the profile: deleting the account, behind a typed confirmation and a recent login. */
export function DeleteAccountSection({ account, confirmIdentity, onDeleted }: DeleteAccountSectionProps) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<DeleteAccountDialogProps['message']>(null);
  const deletion = useDeleteAccount({ confirmIdentity });

  function close() {
    if (deletion.isPending) return;
    setOpen(false);
    setMessage(null);
  }

  function remove() {
    setMessage(null);
    deletion.mutate(undefined, {
      onSuccess: (deleted) => {
        if (deleted) onDeleted();
        else
          setMessage({ tone: 'info', text: 'Nothing was deleted. Confirm it’s you to delete the account.' });
      },
      onError: (cause) =>
        setMessage({
          tone: 'error',
          text: `Your account was not deleted: ${cause.message.replace(/^./, (c) => c.toLowerCase())}`,
        }),
    });
  }

  return (
    <AccountSection
      title="Delete account"
      description="Deletes your account and everything in it: pads, voice notes and their recordings, transcripts, your words and learnt voice, API tokens and the ways you log in. It cannot be undone."
    >
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete account…
        </Button>
      </div>
      <DeleteAccountDialog
        open={open}
        account={account}
        busy={deletion.isPending}
        message={message}
        onDelete={remove}
        onCancel={close}
      />
    </AccountSection>
  );
}
