import { useState } from 'react';
import { focusRing } from './button.tsx';
import { TextField, type TextFieldProps } from './text-field.tsx';

/**
 * A masked password input with a Show toggle, so a person on a phone keyboard can check what
 * they typed. The toggle keeps one name and says its state with aria-pressed.
 */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      autoCapitalize="none"
      spellCheck={false}
      trailing={
        <button
          type="button"
          aria-pressed={shown}
          aria-label="Show password"
          onClick={() => setShown((value) => !value)}
          className={`h-full min-w-14 rounded px-2 text-xs font-semibold text-slate-600 hover:bg-slate-100 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:aria-pressed:bg-indigo-950 dark:aria-pressed:text-indigo-300 ${focusRing}`}
        >
          Show
        </button>
      }
    />
  );
}
