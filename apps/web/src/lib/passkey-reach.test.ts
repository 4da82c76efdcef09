import { describe, expect, it } from 'vitest';
import { passkeyReach, passkeysUnavailableText } from './passkey-reach.ts';

const page = (origin: string, isSecureContext = true) => ({
  origin,
  hostname: new URL(origin).hostname,
  isSecureContext,
});

describe('where this page can use passkeys', () => {
  it('here: on the page at the origin the server names', () => {
    expect(passkeyReach('http://localhost:8080', page('http://localhost:8080'))).toEqual({ kind: 'here' });
    expect(passkeyReach('https://notes.example.org', page('https://notes.example.org'))).toEqual({
      kind: 'here',
    });
  });

  it('elsewhere: the same server opened at 127.0.0.1 sends people to localhost', () => {
    const reach = passkeyReach('http://localhost:8080', page('http://127.0.0.1:8080'));
    expect(reach).toEqual({ kind: 'elsewhere', origin: 'http://localhost:8080' });
    expect(
      passkeysUnavailableText(reach as { kind: 'elsewhere'; origin: string }, page('http://127.0.0.1:8080')),
    ).toBe(
      'Passkeys work at http://localhost:8080, this site’s own address; browsers do not accept them at http://127.0.0.1:8080.',
    );
  });

  it('nowhere: the server names none (an IP address), or the page is not secure', () => {
    expect(passkeyReach(null, page('http://127.0.0.1:8080'))).toEqual({ kind: 'nowhere' });
    expect(passkeyReach('http://localhost:8080', page('http://localhost:8080', false))).toEqual({
      kind: 'nowhere',
    });
    // A server that does not say: the browser's own rule.
    expect(passkeyReach(undefined, page('http://127.0.0.1:8080'))).toEqual({ kind: 'nowhere' });
    expect(passkeyReach(undefined, page('http://[::1]:8080'))).toEqual({ kind: 'nowhere' });
    expect(passkeyReach(undefined, page('http://localhost:8080'))).toEqual({ kind: 'here' });
  });
});
