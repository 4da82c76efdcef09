import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sessionCsrfToken, SessionCsrfTokens } from '../../src/http/session-csrf-tokens.ts';

describe('SessionCsrfTokens', () => {
  it('gives the HMAC of the session cookie token, the same remembered or computed afresh', () => {
    const tokens = new SessionCsrfTokens();
    const expected = createHmac('sha256', 'cookie-a').update('voxpad csrftoken v1').digest('hex');
    expect(sessionCsrfToken('cookie-a')).toBe(expected);
    expect(tokens.get('cookie-a')).toBe(expected);
    expect(tokens.get('cookie-a')).toBe(expected);
    expect(tokens.get('cookie-b')).toBe(sessionCsrfToken('cookie-b'));
    expect(tokens.get('cookie-b')).not.toBe(expected);
  });

  it('keeps at most its bound, dropping the oldest, and still answers right for a dropped one', () => {
    const tokens = new SessionCsrfTokens(2);
    tokens.get('one');
    tokens.get('two');
    tokens.get('three');
    expect(tokens.size).toBe(2);
    expect(tokens.get('one')).toBe(sessionCsrfToken('one'));
    expect(tokens.size).toBe(2);
  });
});
