import { useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { Button } from './button.tsx';
import { FormAlert } from './form-alert.tsx';

/**
 * A secret the server shows once (a new API token, a webhook's signing secret), with Copy and
 * Done. `noun` names it in the toasts ("Token copied."), `label` for screen readers.
 */
export function ShownOnce({
  message,
  label,
  noun,
  value,
  onDismiss,
}: {
  message: string;
  label: string;
  noun: string;
  value: string;
  onDismiss: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <FormAlert tone="success">
      <p className="font-medium">{message}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code
          aria-label={label}
          className="rounded bg-white px-2 py-1 font-mono text-sm break-all text-slate-900 select-all dark:bg-slate-950 dark:text-slate-100"
        >
          {value}
        </code>
        <Button
          variant="secondary"
          onClick={() => {
            navigator.clipboard.writeText(value).then(
              () => {
                setCopied(true);
                toast.success(`${noun[0]!.toUpperCase()}${noun.slice(1)} copied.`);
              },
              () => toast.error(`Copying failed. Select the ${noun} and copy it by hand.`),
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
