import { describe, expect, it } from 'vitest';
import { asksToTrustBrowser, pendingStep, secondFactorTypes } from './mfa-flow.ts';

describe('the login’s second step', () => {
  it('offers what the pending mfa_authenticate flow lists, in a fixed order', () => {
    expect(
      secondFactorTypes([
        { id: 'login' },
        { id: 'mfa_authenticate', is_pending: true, types: ['webauthn', 'totp', 'recovery_codes'] },
      ]),
    ).toEqual(['totp', 'recovery_codes', 'webauthn']);
    expect(secondFactorTypes([{ id: 'mfa_authenticate', is_pending: true, types: ['webauthn'] }])).toEqual([
      'webauthn',
    ]);
  });

  it('is not pending when the flow is only offered, or absent', () => {
    expect(secondFactorTypes([{ id: 'mfa_authenticate', types: ['totp'] }])).toBeNull();
    expect(secondFactorTypes([{ id: 'login' }])).toBeNull();
  });

  it('takes codes when the flow names no types', () => {
    expect(secondFactorTypes([{ id: 'mfa_authenticate', is_pending: true }])).toEqual([
      'totp',
      'recovery_codes',
    ]);
  });

  it('recognises allauth’s mfa_trust stage after the code was accepted', () => {
    const trust = {
      status: 401,
      data: { flows: [{ id: 'mfa_trust', is_pending: true }] },
      meta: { is_authenticated: false },
    };
    expect(pendingStep(trust)).toBe('mfa_trust');
    expect(asksToTrustBrowser(trust)).toBe(true);
    const signedIn = { status: 200, data: { user: { id: 1 } }, meta: { is_authenticated: true } };
    expect(asksToTrustBrowser(signedIn)).toBe(false);
    expect(
      asksToTrustBrowser({ status: 401, data: { flows: [{ id: 'verify_email', is_pending: true }] } }),
    ).toBe(false);
  });
});
