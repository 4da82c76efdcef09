import { ApiProblem } from '../http/api-problem.ts';

/** One item of allauth's `errors` list. */
export interface FieldError {
  message: string;
  code: string;
  param?: string;
}

/**
 * Thrown inside auth handlers: allauth's `{status, errors}` is the product API's error shape
 * too, so it is answered as any ApiProblem is.
 */
export class AuthInputError extends ApiProblem {
  constructor(
    override readonly errors: FieldError[],
    override readonly status: 400 | 403 | 429 = 400,
  ) {
    super(status, errors);
    this.name = 'AuthInputError';
  }
}

export const requiredError = (param: string): FieldError => ({
  param,
  code: 'required',
  message: 'This field is required.',
});
