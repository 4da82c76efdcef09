import { describe, expect, it } from 'vitest';
import { passkeyOrigin } from '../../src/auth/mfa/webauthn-settings.ts';

describe('where browsers accept passkeys for this site (mfa.passkey_origin)', () => {
  it('is PUBLIC_URL at a name over HTTPS, or at localhost over plain HTTP', () => {
    expect(passkeyOrigin('https://notes.example.org')).toBe('https://notes.example.org');
    expect(passkeyOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    expect(passkeyOrigin('http://voxpad.localhost:8080')).toBe('http://voxpad.localhost:8080');
  });

  it('is nowhere at an IP address, over plain HTTP elsewhere, or without PUBLIC_URL', () => {
    for (const publicUrl of [
      'http://127.0.0.1:8080',
      'https://192.0.2.10',
      'http://[::1]:8080',
      'https://[2001:db8::1]',
      'http://notes.example.org',
      undefined,
    ]) {
      expect(passkeyOrigin(publicUrl), publicUrl).toBeNull();
    }
  });
});
