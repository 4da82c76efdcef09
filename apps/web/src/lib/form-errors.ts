export interface ServerError {
  message: string;
  code?: string;
  param?: string | undefined;
}

export interface MappedErrors<F extends string> {
  fieldErrors: Partial<Record<F, string>>;
  formErrors: string[];
}

/**
 * Puts each server error on its form field by `param` (spec §5). `aliases` maps a server param
 * onto a differently named field (for example `email` and `username` onto one `login` field).
 * Errors without a param, or with a param the form does not show, go above the form.
 */
export function mapServerErrors<F extends string>(
  errors: readonly ServerError[],
  fields: readonly F[],
  aliases: Partial<Record<string, F>> = {},
): MappedErrors<F> {
  const fieldErrors: Partial<Record<F, string>> = {};
  const formErrors: string[] = [];
  for (const error of errors) {
    const field =
      error.param === undefined
        ? undefined
        : (aliases[error.param] ?? fields.find((candidate) => candidate === error.param));
    if (field === undefined) {
      if (!formErrors.includes(error.message)) formErrors.push(error.message);
    } else if (fieldErrors[field] === undefined) {
      fieldErrors[field] = error.message;
    } else {
      fieldErrors[field] = `${fieldErrors[field]} ${error.message}`;
    }
  }
  return { fieldErrors, formErrors };
}
