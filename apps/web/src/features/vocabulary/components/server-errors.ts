import { mapServerErrors, type MappedErrors } from '../../../lib/form-errors.ts';
import { isHttpError } from '../../../lib/api-client.ts';

/** A refused call's errors on the form's fields; anything else (offline) above the form. */
export function errorsOf<F extends string>(cause: unknown, fields: readonly F[]): MappedErrors<F> {
  if (isHttpError(cause) && cause.errors.length > 0) return mapServerErrors(cause.errors, fields);
  const message = cause instanceof Error ? cause.message : 'Something went wrong. Please try again.';
  return { fieldErrors: {}, formErrors: [message] };
}
