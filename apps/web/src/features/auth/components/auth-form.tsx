import { LIMITS } from '@voxpad/shared/limits';
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrors } from '../../../components/ui/form-alert.tsx';
import type { TextFieldProps } from '../../../components/ui/text-field.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';

/** Whether the enclosing AuthForm's call is running (undefined: the form calls nothing). */
const BusyContext = createContext<boolean | undefined>(undefined);

export interface AuthFormProps {
  /** Called on submit, after the browser's own submission was stopped. */
  onSubmit: () => void;
  /**
   * The call is running: the form is aria-busy and its AuthSubmit off. A form that calls
   * nothing leaves it out (and carries no aria-busy).
   */
  busy?: boolean;
  /** Messages above the fields (server errors without a field, failed calls). */
  errors?: string[];
  /** Shown first, above the messages (an explanation, a hidden username for password managers). */
  intro?: ReactNode;
  /** The fields, then an AuthSubmit. */
  children: ReactNode;
}

const FIRST_FIELD =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * The frame of every auth form: messages above the fields, browser validation off, and the
 * first field focused on arrival, since typing into it is the only thing to do here.
 */
export function AuthForm({ onSubmit, busy, errors = [], intro, children }: AuthFormProps) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  }, []);
  return (
    <form
      ref={ref}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      className="space-y-4"
      aria-busy={busy}
    >
      {intro}
      <FormErrors messages={errors} />
      <BusyContext value={busy}>{children}</BusyContext>
    </form>
  );
}

/** The full-width submit button of an AuthForm; off, and showing `busyLabel`, while it is busy. */
export function AuthSubmit({ children, busyLabel }: { children: string; busyLabel?: string }) {
  const busy = useContext(BusyContext);
  return (
    <Button type="submit" className="w-full" disabled={busy}>
      {busy && busyLabel ? busyLabel : children}
    </Button>
  );
}

/**
 * A field for choosing a password: masked (with Show), offered to password managers as new,
 * with the rule as its hint until there is an error, which then says it instead: one message.
 */
export function NewPasswordField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'hint' | 'trailing'>) {
  return (
    <PasswordField
      autoComplete="new-password"
      hint={props.error ? undefined : `At least ${LIMITS.passwordMin} characters.`}
      {...props}
    />
  );
}
