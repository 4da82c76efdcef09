import { LIMITS } from '@voxpad/shared/limits';
import { requiredError, type FieldError } from '../auth-errors.ts';

// Django's EmailValidator in spirit: one @, a dotted domain, no spaces.
const EMAIL_PATTERN =
  /^[^\s@"<>()[\]\\,;:]+(\.[^\s@"<>()[\]\\,;:]+)*@([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
// Django's UnicodeUsernameValidator.
const USERNAME_PATTERN = /^[\p{L}\p{N}_.@+-]+$/u;

export function readString(body: unknown, field: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}

export function readBoolean(body: unknown, field: string): boolean | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'boolean' ? value : undefined;
}

export function emailErrors(email: string | undefined): FieldError[] {
  if (!email?.trim()) return [requiredError('email')];
  if (email.length > LIMITS.emailMax || !EMAIL_PATTERN.test(email.trim())) {
    return [{ param: 'email', code: 'invalid', message: 'Enter a valid email address.' }];
  }
  return [];
}

export function usernameErrors(username: string | undefined): FieldError[] {
  if (!username?.trim()) return [requiredError('username')];
  if (username.length > LIMITS.usernameMax) {
    return [
      {
        param: 'username',
        code: 'max_length',
        message: `Ensure this value has at most ${LIMITS.usernameMax} characters (it has ${username.length}).`,
      },
    ];
  }
  if (!USERNAME_PATTERN.test(username.trim())) {
    return [
      {
        param: 'username',
        code: 'invalid',
        message:
          'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
      },
    ];
  }
  return [];
}

/** allauth's errors for a username or primary address another account already has. */
export const usernameTaken: FieldError = {
  param: 'username',
  code: 'username_taken',
  message: 'A user with that username already exists.',
};
export const emailTaken: FieldError = {
  param: 'email',
  code: 'email_taken',
  message: 'A user is already registered with this email address.',
};
