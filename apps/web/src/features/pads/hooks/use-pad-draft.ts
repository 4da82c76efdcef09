import type { PadColor } from '@voxpad/shared/pads';
import { useState } from 'react';
import { isHttpError } from '../../../lib/api-client.ts';
import { mapServerErrors } from '../../../lib/form-errors.ts';

export type PadField = 'name' | 'description';
const FIELDS = ['name', 'description'] as const;

export interface PadDraft {
  name: string;
  description: string;
  color: PadColor;
  icon: string | null;
}

/** A schema's verdict on the draft (zod's safeParse answer). */
type Checked<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/**
 * What the new and edit pad forms hold: the draft, and the problems shown on its fields and
 * above the form, from the schema before sending and from the server after.
 */
export function usePadDraft(initial: PadDraft) {
  const [draft, setDraft] = useState(initial);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<PadField, string>>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);

  const set =
    <K extends keyof PadDraft>(key: K) =>
    (value: PadDraft[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));

  /** The checked values to send, or undefined with the first problem of each field shown on it. */
  function check<T>(checked: Checked<T>): T | undefined {
    setFormErrors([]);
    if (!checked.success) {
      const errors: Partial<Record<PadField, string>> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if ((field === 'name' || field === 'description') && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      return undefined;
    }
    setFieldErrors({});
    return checked.data;
  }

  /** A refused save: the server's errors on their fields, anything else above the form. */
  function refused(error: Error) {
    if (isHttpError(error) && error.errors.length > 0) {
      const mapped = mapServerErrors(error.errors, FIELDS);
      setFieldErrors(mapped.fieldErrors);
      setFormErrors(mapped.formErrors);
    } else {
      setFormErrors([error.message]);
    }
  }

  return { draft, set, reset: () => setDraft(initial), fieldErrors, formErrors, check, refused };
}

export type PadDraftState = ReturnType<typeof usePadDraft>;
