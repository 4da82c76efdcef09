import { describe, expect, it } from 'vitest';
import { expiryLabel, isExpired } from './token-expiry.ts';

const now = Date.parse('2025-06-15T12:00:00Z');
const inHours = (hours: number) => new Date(now + hours * 3_600_000).toISOString();

describe('token expiry', () => {
  it('says when a token stops working, in whole days', () => {
    expect(expiryLabel({ expires_at: null }, now)).toBe('never expires');
    expect(expiryLabel({ expires_at: inHours(5) }, now)).toBe('expires today');
    expect(expiryLabel({ expires_at: inHours(24) }, now)).toBe('expires in 1 day');
    expect(expiryLabel({ expires_at: inHours(24 * 30) }, now)).toBe('expires in 30 days');
  });

  it('says a token made a moment ago for 90 days expires in 90 days, not 89', () => {
    const madeAMomentAgo = new Date(now + 90 * 24 * 3_600_000 - 2_000).toISOString();
    expect(expiryLabel({ expires_at: madeAMomentAgo }, now)).toBe('expires in 90 days');
  });

  it('says since when an expired token has been refused', () => {
    expect(expiryLabel({ expires_at: inHours(0) }, now)).toBe('expired today');
    expect(expiryLabel({ expires_at: inHours(-72) }, now)).toBe('expired 3 days ago');
    expect(isExpired({ expires_at: inHours(-1) }, now)).toBe(true);
    expect(isExpired({ expires_at: inHours(1) }, now)).toBe(false);
    expect(isExpired({ expires_at: null }, now)).toBe(false);
  });
});
