import { describe, expect, it } from 'vitest';
import { connectErrorMessage, disconnectRefusalMessage } from './connect-error-message.ts';

describe('connectErrorMessage', () => {
  it('explains a provider account that belongs to someone else', () => {
    expect(connectErrorMessage('account_in_use')).toMatch(/already connected to another Voxpad account/);
  });

  it('falls back to a general message for codes it does not know', () => {
    expect(connectErrorMessage('<script>')).toBe(
      'The provider account could not be connected. Please try again.',
    );
  });
});

describe('disconnectRefusalMessage', () => {
  it('says what to do when the provider is the only way in', () => {
    expect(disconnectRefusalMessage('no_password', 'Your account has no password set up.')).toMatch(
      /set a password first/,
    );
    expect(disconnectRefusalMessage('no_verified_email', 'x')).toMatch(/Confirm an address first/);
    expect(disconnectRefusalMessage('account_not_found', 'Unknown account.')).toBe('Unknown account.');
  });
});
