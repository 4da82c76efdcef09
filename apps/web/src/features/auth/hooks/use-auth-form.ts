import type { FlowId } from '@voxpad/shared/auth';
import { QueryClientContext } from '@tanstack/react-query';
import { useContext, useState, type ChangeEvent } from 'react';
import { mapServerErrors } from '../../../lib/form-errors.ts';
import { errorsOf, isAuthenticatedResponse, pendingFlowId, type AuthResponse } from '../api/auth-response.ts';
import { sessionQueryKey, storeSessionFrom } from '../api/get-session.ts';
import { describeUnsupportedFlow } from '../components/flow-messages.ts';

export interface AuthFieldProps<F extends string> {
  name: F;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
}

/**
 * The state every auth form keeps, and the answers they all give: field values, errors on the
 * fields and above the form, a signed-in answer, a further step the server asks for, and a
 * refused or failed call.
 */
export function useAuthForm<F extends string>(initialValues: Record<F, string>) {
  // Not there on the login page, which paints without React Query (ADR 0055): the guards then
  // ask the server for the session, which it keeps.
  const queryClient = useContext(QueryClientContext);
  const [values, setValues] = useState(initialValues);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<F, string>>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const fields = Object.keys(initialValues) as F[];

  function validate(errors: Partial<Record<F, string>>): boolean {
    setFieldErrors(errors);
    setFormErrors([]);
    return Object.keys(errors).length === 0;
  }

  function completeIfAuthenticated(response: AuthResponse, onAuthenticated: () => void): boolean {
    if (!isAuthenticatedResponse(response)) return false;
    if (queryClient) storeSessionFrom(queryClient, response);
    onAuthenticated();
    return true;
  }

  return {
    values,
    fieldErrors,
    formErrors,

    /** What a TextField for `name` needs: its name, value, change handler and error. */
    field: (name: F): AuthFieldProps<F> => ({
      name,
      value: values[name],
      onChange: (event) => {
        const { value } = event.target;
        setValues((current) => ({ ...current, [name]: value }));
      },
      error: fieldErrors[name],
    }),

    /** Shows the form's own checks (clearing the messages above it); true when all passed. */
    validate,

    /** For a form with one required field: its trimmed value, or null after showing `message` on it. */
    requireValue: (name: F, message: string): string | null => {
      const value = values[name].trim();
      const errors: Partial<Record<F, string>> = {};
      if (value === '') errors[name] = message;
      return validate(errors) ? value : null;
    },

    /** Messages above the form. */
    showFormErrors: (messages: string[]) => setFormErrors(messages),

    /**
     * A refusal: each server error goes on its field by `param` (`aliases` renames params), the
     * rest above the form; `fallback` when the server gave no error at all.
     */
    showServerErrors: (
      response: AuthResponse,
      fallback: string,
      aliases: Partial<Record<string, F>> = {},
    ) => {
      const mapped = mapServerErrors(errorsOf(response), fields, aliases);
      setFieldErrors(mapped.fieldErrors);
      setFormErrors(
        mapped.formErrors.length > 0 || Object.keys(mapped.fieldErrors).length > 0
          ? mapped.formErrors
          : [fallback],
      );
    },

    /** The call itself failed (offline, server error): its message, or `fallback`. */
    showRequestError: (error: unknown, fallback = 'Please try again.') =>
      setFormErrors([error instanceof Error ? error.message : fallback]),

    /** A signed-in answer: keeps the session and calls `onAuthenticated`. False for any other. */
    completeIfAuthenticated,

    /**
     * The answers every login or sign-up step shares: signed in (see `completeIfAuthenticated`),
     * or a 401 naming a further step, which the route may take over; without a screen for it,
     * the form explains. True when the answer was one of these.
     */
    continueSignIn: (
      response: AuthResponse,
      onAuthenticated: () => void,
      onPendingFlow: (flow: FlowId) => boolean,
    ): boolean => {
      if (completeIfAuthenticated(response, onAuthenticated)) return true;
      if (response.status !== 401) return false;
      if (queryClient) storeSessionFrom(queryClient, response);
      const flow = pendingFlowId(response);
      if (!(flow && onPendingFlow(flow))) setFormErrors([describeUnsupportedFlow(flow)]);
      return true;
    },

    /** A 409 to a login or sign-up: another tab already signed in. Refresh the session, carry on. */
    continueAlreadySignedIn: async (onAuthenticated: () => void) => {
      await queryClient?.invalidateQueries({ queryKey: sessionQueryKey });
      onAuthenticated();
    },
  };
}

/** What `useAuthForm` gives a form, for helpers that act on it. */
export type AuthFormState<F extends string> = ReturnType<typeof useAuthForm<F>>;
