import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { focusRing } from './button.tsx';

const inputClasses = `block w-full rounded-md border bg-white px-3 py-2 text-sm max-sm:min-h-11 text-slate-900 shadow-sm placeholder:text-slate-400 dark:bg-slate-900 dark:text-slate-100 ${focusRing}`;

function borderFor(error: string | undefined): string {
  return error ? 'border-red-500 dark:border-red-400' : 'border-slate-300 dark:border-slate-600';
}

interface FieldChrome {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /**
   * Shows "(optional)" beside the label, outside it and aria-hidden, so the field's name stays
   * the label; say it in the hint too, which screen readers read after the name.
   */
  optional?: boolean | undefined;
}

function FieldLabel({
  htmlFor,
  label,
  optional,
}: {
  htmlFor: string;
  label: string;
  optional?: boolean | undefined;
}) {
  const text = 'text-sm font-medium text-slate-800 dark:text-slate-200';
  if (!optional) {
    return (
      <label htmlFor={htmlFor} className={`mb-1 block ${text}`}>
        {label}
      </label>
    );
  }
  // Beside the label, not in it: the field's name stays the label alone.
  return (
    <div className="mb-1 flex items-baseline gap-1">
      <label htmlFor={htmlFor} className={text}>
        {label}
      </label>
      <span aria-hidden="true" className="text-sm text-slate-500 dark:text-slate-400">
        (optional)
      </span>
    </div>
  );
}

function FieldMessages({
  hintId,
  errorId,
  hint,
  error,
}: {
  hintId: string;
  errorId: string;
  hint?: string | undefined;
  error?: string | undefined;
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </>
  );
}

/**
 * A field's ids: the control's, tied to its hint and error (aria-describedby, in that order) and
 * marked invalid while there is an error; the messages' ids to match.
 */
function useFieldIds(hint: string | undefined, error: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return {
    control: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
    messages: { hintId, errorId },
  };
}

export type TextFieldProps = FieldChrome &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
    /** A control inside the input's right edge, e.g. a show-password button. */
    trailing?: ReactNode;
  };

/** A labelled input; the error is tied to it with aria-describedby and aria-invalid. */
export function TextField({
  label,
  error,
  hint,
  optional,
  trailing,
  className = '',
  ...props
}: TextFieldProps) {
  const field = useFieldIds(hint, error);
  return (
    <div className={className}>
      <FieldLabel htmlFor={field.control.id} label={label} optional={optional} />
      <div className="relative">
        <input
          {...field.control}
          // On phones the input grows 2 px so the control inside its border is a full 44 px target.
          className={`${inputClasses} ${borderFor(error)} ${trailing ? 'pr-20 max-sm:py-3' : ''}`}
          {...props}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-0 flex items-center p-1 max-sm:p-px">{trailing}</div>
        ) : null}
      </div>
      <FieldMessages {...field.messages} hint={hint} error={error} />
    </div>
  );
}

export type TextAreaFieldProps = FieldChrome & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

export function TextAreaField({
  label,
  error,
  hint,
  optional,
  className = '',
  ...props
}: TextAreaFieldProps) {
  const field = useFieldIds(hint, error);
  return (
    <div className={className}>
      <FieldLabel htmlFor={field.control.id} label={label} optional={optional} />
      <textarea {...field.control} className={`${inputClasses} ${borderFor(error)}`} {...props} />
      <FieldMessages {...field.messages} hint={hint} error={error} />
    </div>
  );
}
