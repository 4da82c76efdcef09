import type { z } from 'zod';
import { AuthInputError, requiredError, type FieldError } from '../auth-errors.ts';

/**
 * Parses a request body with `schema` or throws allauth's 400: one error per field, named by
 * its top-level key (`param`), "This field is required." when it is missing.
 */
export function parseAuthInput<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of result.error.issues) {
    const param = issue.path.length > 0 ? String(issue.path[0]) : undefined;
    const key = param ?? '';
    if (seen.has(key)) continue;
    seen.add(key);
    const missing = issue.code === 'invalid_type' && issue.input === undefined;
    if (missing && param) errors.push(requiredError(param));
    else errors.push({ code: 'invalid', message: 'Enter a valid value.', ...(param ? { param } : {}) });
  }
  throw new AuthInputError(errors);
}
