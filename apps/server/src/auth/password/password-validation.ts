import { LIMITS } from '@voxpad/shared/limits';
import type { FieldError } from '../auth-errors.ts';
import { isCommonPassword } from './common-passwords.ts';

/**
 * Django's default password validators, with allauth's error codes: minimum length, too
 * common, entirely numeric, and too similar to the username or email.
 */
export function validatePassword(
  password: string,
  user: { username?: string; email?: string },
): FieldError[] {
  const errors: FieldError[] = [];
  if (password.length < LIMITS.passwordMin) {
    errors.push({
      param: 'password',
      code: 'password_too_short',
      message: `This password is too short. It must contain at least ${LIMITS.passwordMin} characters.`,
    });
  }
  if (password.length > LIMITS.passwordMax) {
    errors.push({
      param: 'password',
      code: 'password_too_long',
      message: `This password is too long. It must contain at most ${LIMITS.passwordMax} characters.`,
    });
  }
  if (isCommonPassword(password)) {
    errors.push({ param: 'password', code: 'password_too_common', message: 'This password is too common.' });
  }
  if (/^\d+$/.test(password)) {
    errors.push({
      param: 'password',
      code: 'password_entirely_numeric',
      message: 'This password is entirely numeric.',
    });
  }
  const similar = similarAttribute(password, user);
  if (similar) {
    errors.push({
      param: 'password',
      code: 'password_too_similar',
      message: `The password is too similar to the ${similar}.`,
    });
  }
  return errors;
}

function similarAttribute(password: string, user: { username?: string; email?: string }): string | undefined {
  const lower = password.toLowerCase();
  const candidates: [string, string | undefined][] = [
    ['username', user.username],
    ['email address', user.email],
  ];
  for (const [label, value] of candidates) {
    if (!value) continue;
    const parts = [value, ...value.split(/\W+/)].map((p) => p.toLowerCase()).filter((p) => p.length >= 3);
    for (const part of parts) {
      if (similarity(lower, part) >= 0.7) return label;
    }
  }
  return undefined;
}

/** Ratcliff/Obershelp similarity, the measure Django's validator uses. */
function similarity(a: string, b: string): number {
  if (a.length + b.length === 0) return 1;
  return (2 * matchingCharacters(a, b)) / (a.length + b.length);
}

function matchingCharacters(a: string, b: string): number {
  if (!a || !b) return 0;
  let bestLength = 0;
  let bestA = 0;
  let bestB = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      let k = 0;
      while (i + k < a.length && j + k < b.length && a[i + k] === b[j + k]) k++;
      if (k > bestLength) {
        bestLength = k;
        bestA = i;
        bestB = j;
      }
    }
  }
  if (bestLength === 0) return 0;
  return (
    bestLength +
    matchingCharacters(a.slice(0, bestA), b.slice(0, bestB)) +
    matchingCharacters(a.slice(bestA + bestLength), b.slice(bestB + bestLength))
  );
}
