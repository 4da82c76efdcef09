import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { recoveryCodesFileName, recoveryCodesText } from '../utils/recovery-codes-file.ts';
import { CopyButton } from './copy-button.tsx';

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Recovery codes just made, shown this once: the person copies or downloads them, then says
 * they are saved. Nothing on the page shows them again.
 */
export function NewRecoveryCodes({
  codes,
  account,
  onDone,
}: {
  codes: readonly string[];
  account: string;
  onDone: () => void;
}) {
  const headingId = useId();
  const site = window.location.origin;
  const text = recoveryCodesText(codes, { site, account });
  return (
    <div
      role="region"
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-50"
    >
      <h3 id={headingId} className="font-semibold">
        Your recovery codes
      </h3>
      <p className="text-sm">
        Save these codes now: they are not shown again. Each one logs you in once if you lose your
        authenticator app or passkey.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md bg-white p-3 font-mono text-sm text-slate-900 select-all sm:grid-cols-3 dark:bg-slate-950 dark:text-slate-100"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={codes.join('\n')} label="Copy recovery codes" what="Recovery codes" />
        <Button variant="secondary" onClick={() => download(text, recoveryCodesFileName(site))}>
          Download (.txt)
        </Button>
        <Button variant="ghost" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}
