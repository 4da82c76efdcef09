import { LIMITS } from '@voxpad/shared/limits';
import { createContext, useContext, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrors } from '../../../components/ui/form-alert.tsx';
import { TextField, type TextFieldProps } from '../../../components/ui/text-field.tsx';

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

/** The frame of every auth form: messages above the fields, browser validation off. */
export function AuthForm({ onSubmit, busy, errors = [], intro, children }: AuthFormProps) {
  return (
    <form
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

/** A field for choosing a password: masked, offered to password managers as new, with the rule. */
export function NewPasswordField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'hint'>) {
  return (
    <TextField
      type="password"
      autoComplete="new-password"
      hint={`At least ${LIMITS.passwordMin} characters.`}
      {...props}
    />
  );
}
