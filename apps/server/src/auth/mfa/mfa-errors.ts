import type { FieldError } from '../auth-errors.ts';

/** allauth's mfa error codes, with messages that say what to do next. */
export const incorrectCode: FieldError = {
  param: 'code',
  code: 'incorrect_code',
  message:
    'That code is not right. Enter the current code from your authenticator app, or one of your ' +
    'recovery codes; each code works only once.',
};

export const tooManyCodeAttempts: FieldError = {
  param: 'code',
  code: 'too_many_login_attempts',
  message: 'Too many wrong codes. Wait a few minutes, then try again.',
};

export const totpAlreadyActive: FieldError = {
  code: 'totp_already_active',
  message: 'Two-factor authentication with an authenticator app is already on for your account.',
};

export const unverifiedEmail: FieldError = {
  code: 'unverified_email',
  message:
    'You cannot turn on two-factor authentication until you have verified your email address. ' +
    'Open the link we mailed you first.',
};

export const cannotGenerateRecoveryCodes: FieldError = {
  code: 'cannot_generate_recovery_codes',
  message:
    'You cannot make recovery codes without two-factor authentication: turn on an authenticator app or add a passkey first.',
};
