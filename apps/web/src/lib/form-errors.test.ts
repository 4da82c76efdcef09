import { describe, expect, it } from 'vitest';
import { mapServerErrors } from './form-errors.ts';

describe('mapServerErrors', () => {
  it('puts errors on their fields by param and the rest above the form', () => {
    const result = mapServerErrors(
      [
        { message: 'That username is taken.', code: 'username_taken', param: 'username' },
        { message: 'Too common.', code: 'password_too_common', param: 'password' },
        { message: 'Too short.', code: 'password_too_short', param: 'password' },
        { message: 'Too many attempts.', code: 'too_many_login_attempts' },
        { message: 'Unknown field.', code: 'invalid', param: 'phone' },
      ],
      ['email', 'username', 'password'] as const,
    );
    expect(result.fieldErrors).toEqual({
      username: 'That username is taken.',
      password: 'Too common. Too short.',
    });
    expect(result.formErrors).toEqual(['Too many attempts.', 'Unknown field.']);
  });

  it('maps aliased params onto one field', () => {
    const result = mapServerErrors(
      [{ message: 'No account with that email.', code: 'invalid', param: 'email' }],
      ['login', 'password'] as const,
      { email: 'login', username: 'login' },
    );
    expect(result.fieldErrors).toEqual({ login: 'No account with that email.' });
    expect(result.formErrors).toEqual([]);
  });
});
