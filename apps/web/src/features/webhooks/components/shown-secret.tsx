import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';

/** A signing secret, shown once (after adding a webhook or rotating its secret), with Copy. */
export function ShownSecret({
  heading,
  secret,
  onDismiss,
}: {
  heading: string;
  secret: string;
  onDismiss: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <FormAlert tone="success">
      <p className="font-medium">{heading} Copy the signing secret now: it will not be shown again.</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code
          aria-label="Signing secret"
          className="rounded bg-white px-2 py-1 font-mono text-sm break-all text-slate-900 select-all dark:bg-slate-950 dark:text-slate-100"
        >
          {secret}
        </code>
        <Button
          variant="secondary"
          onClick={() => {
            navigator.clipboard.writeText(secret).then(
              () => {
                setCopied(true);
                toast.success('Secret copied.');
              },
              () => toast.error('Copying failed. Select the secret and copy it by hand.'),
            );
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="ghost" onClick={onDismiss}>
          Done
        </Button>
      </div>
    </FormAlert>
  );
}
