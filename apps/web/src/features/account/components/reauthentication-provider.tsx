import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormErrors } from '../../../components/ui/form-alert.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { mapServerErrors } from '../../../lib/form-errors.ts';
import { accountErrorsOf, ReauthenticationCancelledError } from '../api/account-call.ts';
import { useReauthenticate } from '../api/reauthenticate.ts';
import { ReauthenticationContext, type Reauthentication } from '../hooks/use-reauthenticated.ts';

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Holds the one password prompt of the account area. Every sensitive call that the server
 * sends back for reauthentication waits on it; one confirmation lets them all go on.
 */
export function ReauthenticationProvider({ children }: { children: ReactNode }) {
  const waiters = useRef<Waiter[]>([]);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const reauthenticate = useReauthenticate();
  const form = useRef<HTMLFormElement>(null);

  // After the Dialog (a child, whose effect runs first) has opened: the password is what to type.
  useEffect(() => {
    if (open) form.current?.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
  }, [open]);

  const value = useMemo<Reauthentication>(
    () => ({
      confirm: () =>
        new Promise<void>((resolve, reject) => {
          waiters.current.push({ resolve, reject });
          setOpen(true);
        }),
    }),
    [],
  );

  function settle(outcome: 'confirmed' | 'cancelled') {
    const waiting = waiters.current;
    waiters.current = [];
    setOpen(false);
    setPassword('');
    setFieldError(undefined);
    setFormErrors([]);
    for (const waiter of waiting) {
      if (outcome === 'confirmed') waiter.resolve();
      else waiter.reject(new ReauthenticationCancelledError());
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) {
      setFieldError('Enter your password.');
      return;
    }
    reauthenticate.mutate(password, {
      onSuccess: () => settle('confirmed'),
      onError: (error) => {
        const mapped = mapServerErrors(accountErrorsOf(error), ['password'] as const);
        setFieldError(mapped.fieldErrors.password);
        setFormErrors(mapped.formErrors);
      },
    });
  }

  return (
    <ReauthenticationContext value={value}>
      {children}
      <Dialog open={open} title="Confirm it’s you" onRequestClose={() => settle('cancelled')}>
        <form
          ref={form}
          onSubmit={submit}
          noValidate
          className="space-y-4"
          aria-busy={reauthenticate.isPending}
        >
          <p className="text-sm text-slate-600 dark:text-slate-300">
            This change needs your password again, because you logged in a while ago. Your change is made as
            soon as you confirm.
          </p>
          <FormErrors messages={formErrors} />
          <PasswordField
            label="Your password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={fieldError}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => settle('cancelled')}>
              Cancel
            </Button>
            <Button type="submit" disabled={reauthenticate.isPending}>
              {reauthenticate.isPending ? 'Confirming…' : 'Confirm'}
            </Button>
          </div>
        </form>
      </Dialog>
    </ReauthenticationContext>
  );
}
