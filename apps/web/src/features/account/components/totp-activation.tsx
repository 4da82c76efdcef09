import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert, FormErrors } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { mapServerErrors } from '../../../lib/form-errors.ts';
import { accountErrorsOf } from '../api/account-call.ts';
import { useActivateTotp } from '../api/activate-totp.ts';
import { useTotpSetup } from '../api/get-totp-setup.ts';
import { CopyButton } from './copy-button.tsx';
import { QrCode } from './qr-code.tsx';

/** The secret in groups of four, easier to type into an app by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Setting up an authenticator app: scan the QR code (or type the key), then prove it works
 * with the first code it shows.
 */
export function TotpActivation({ onActivated, onCancel }: { onActivated: () => void; onCancel: () => void }) {
  const setup = useTotpSetup(true);
  const activate = useActivateTotp({ onActivated });
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const keyLabelId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormErrors([]);
    const entered = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(entered)) {
      setFieldError('Enter the 6-digit code your authenticator app shows.');
      return;
    }
    setFieldError(undefined);
    activate.mutate(entered, {
      onError: (error) => {
        const mapped = mapServerErrors(accountErrorsOf(error), ['code'] as const);
        setFieldError(mapped.fieldErrors.code);
        setFormErrors(mapped.formErrors);
      },
    });
  }

  if (setup.isPending) return <Spinner label="Preparing your authenticator key…" />;
  if (setup.isError) {
    return (
      <div className="space-y-3">
        <FormAlert>{accountErrorsOf(setup.error)[0]?.message}</FormAlert>
        <Button variant="secondary" onClick={onCancel}>
          Back
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <ol className="list-inside list-decimal space-y-1 text-sm text-slate-700 dark:text-slate-300">
        <li>Open an authenticator app on your phone (for example FreeOTP, Aegis or Google Authenticator).</li>
        <li>Scan the QR code, or type the key below into the app.</li>
        <li>Enter the 6-digit code the app shows to finish.</li>
      </ol>
      <div className="flex flex-wrap items-start gap-4">
        <QrCode text={setup.data.totpUrl} label="QR code for your authenticator app" />
        <div className="min-w-0 flex-1 basis-56 space-y-2">
          <p className="text-sm font-medium text-slate-800 dark:text-slate-200" id={keyLabelId}>
            Key to type in by hand
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code
              aria-labelledby={keyLabelId}
              className="rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900 select-all dark:bg-slate-800 dark:text-slate-100"
            >
              {grouped(setup.data.secret)}
            </code>
            <CopyButton text={setup.data.secret} label="Copy key" what="Key" />
          </div>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            Time-based, 6 digits, every 30 seconds.
          </p>
        </div>
      </div>
      <FormErrors messages={formErrors} />
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-wrap items-start gap-2"
        aria-busy={activate.isPending}
      >
        <TextField
          label="Code from the app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={fieldError}
          className="w-48"
        />
        <div className="flex gap-2 sm:mt-6">
          <Button type="submit" disabled={activate.isPending}>
            {activate.isPending ? 'Activating…' : 'Activate'}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
