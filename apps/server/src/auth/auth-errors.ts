/** One item of allauth's `errors` list. */
export interface FieldError {
  message: string;
  code: string;
  param?: string;
}

/** Thrown inside auth handlers; the auth API turns it into allauth's `{status, errors}`. */
export class AuthInputError extends Error {
  constructor(
    readonly errors: FieldError[],
    readonly status: 400 | 403 | 429 = 400,
  ) {
    super(errors.map((e) => e.message).join(' '));
    this.name = 'AuthInputError';
  }
}

export const requiredError = (param: string): FieldError => ({
  param,
  code: 'required',
  message: 'This field is required.',
});
