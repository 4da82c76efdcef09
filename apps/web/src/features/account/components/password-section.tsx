import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert, FormErrors } from '../../../components/ui/form-alert.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { mapServerErrors } from '../../../lib/form-errors.ts';
import { accountErrorsOf } from '../api/account-call.ts';
import { useChangePassword } from '../api/change-password.ts';
import { AccountSection } from './account-section.tsx';

const FIELDS = ['current_password', 'new_password'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Change the password, or set one on an account that has none (made through a provider or
 * used with login codes). The server then signs out every other device and revokes tokens.
 */
export function PasswordSection({
  hasUsablePassword,
  onChanged,
}: {
  hasUsablePassword: boolean;
  onChanged?: () => void;
}) {
  const change = useChangePassword(onChanged ? { onChanged } : {});
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  // What the last success did: once a password is set the account has one, and the form turns
  // into "change", but the message should still say what just happened.
  const [done, setDone] = useState<'set' | 'changed' | null>(null);
  const asksCurrent = hasUsablePassword;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    setFormErrors([]);
    const missing: Partial<Record<Field, string>> = {};
    if (asksCurrent && !current) missing.current_password = 'Enter your current password.';
    if (!next) missing.new_password = 'Enter a new password.';
    setFieldErrors(missing);
    if (Object.keys(missing).length > 0) return;
    change.mutate(asksCurrent ? { current_password: current, new_password: next } : { new_password: next }, {
      onSuccess: () => {
        setDone(asksCurrent ? 'changed' : 'set');
        setCurrent('');
        setNext('');
      },
      onError: (error) => {
        const mapped = mapServerErrors(
          accountErrorsOf(error),
          FIELDS,
          asksCurrent ? {} : { current_password: 'new_password' },
        );
        setFieldErrors(mapped.fieldErrors);
        setFormErrors(mapped.formErrors);
      },
    });
  }

  return (
    <AccountSection
      title={asksCurrent ? 'Change password' : 'Set a password'}
      description={
        !asksCurrent
          ? 'Your account has no password yet. Set one to log in with your email address and password too.'
          : 'Changing your password logs you out on every other device and revokes your API tokens.'
      }
    >
      {done ? (
        <FormAlert tone="success">
          Your password was {done}. Your other sessions were logged out and your API tokens revoked; this
          browser stays logged in.
        </FormAlert>
      ) : null}
      <FormErrors messages={formErrors} />
      <form onSubmit={submit} noValidate className="max-w-md space-y-4" aria-busy={change.isPending}>
        {asksCurrent ? (
          <PasswordField
            label="Current password"
            name="current_password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            error={fieldErrors.current_password}
          />
        ) : null}
        <PasswordField
          label="New password"
          name="new_password"
          autoComplete="new-password"
          hint="At least 8 characters, not too common and not like your username or email."
          value={next}
          onChange={(event) => setNext(event.target.value)}
          error={fieldErrors.new_password}
        />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Saving…' : asksCurrent ? 'Change password' : 'Set password'}
        </Button>
      </form>
    </AccountSection>
  );
}
