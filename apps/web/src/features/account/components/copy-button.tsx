import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';

/** Copies `text` to the clipboard; says so on the button, or how to copy by hand when it cannot. */
export function CopyButton({ text, label, what }: { text: string; label: string; what: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="secondary"
      aria-label={label}
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => {
            setCopied(true);
            toast.success(`${what} copied.`);
          },
          () => toast.error(`Copying failed. Select the ${what.toLowerCase()} and copy it by hand.`),
        );
      }}
    >
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
