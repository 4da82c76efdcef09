import { describe, expect, it } from 'vitest';
import { reauthenticationMethodsOf } from './reauthentication-methods.ts';

describe('reauthenticationMethodsOf', () => {
  it('offers the password for allauth’s reauthenticate flow', () => {
    expect(reauthenticationMethodsOf([{ id: 'reauthenticate' }])).toEqual(['password']);
  });

  it('offers each authenticator the mfa_reauthenticate flow lists, after the password', () => {
    expect(
      reauthenticationMethodsOf([
        { id: 'mfa_reauthenticate', types: ['webauthn', 'recovery_codes', 'totp'] },
        { id: 'reauthenticate' },
      ]),
    ).toEqual(['password', 'totp', 'recovery_codes', 'webauthn']);
    expect(reauthenticationMethodsOf([{ id: 'mfa_reauthenticate', types: ['webauthn'] }])).toEqual([
      'webauthn',
    ]);
  });

  it('takes codes when mfa_reauthenticate names no types, and nothing for other flows', () => {
    expect(reauthenticationMethodsOf([{ id: 'mfa_reauthenticate' }])).toEqual(['totp', 'recovery_codes']);
    expect(reauthenticationMethodsOf([{ id: 'login' }, { id: 'mfa_authenticate' }])).toEqual([]);
  });
});
