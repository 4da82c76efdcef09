import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameOriginPath } from '../../src/auth/social/callback-path.ts';

const ORIGIN = 'http://127.0.0.1:8080';

/** Strings made of the characters open-redirect tricks are built from. */
const tricky = fc
  .array(
    fc.constantFrom(
      '/',
      '\\',
      '.',
      '%',
      '2',
      'f',
      'F',
      '5',
      'c',
      'e',
      '0',
      '9',
      '@',
      ':',
      '?',
      '#',
      '\t',
      '\n',
      ' ',
      'evil.example',
      'http:',
      ORIGIN,
      '\uff0f',
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

describe('sameOriginPath', () => {
  it('returns only paths that stay on whatever site resolves them, before and after decoding', () => {
    fc.assert(
      fc.property(fc.oneof(tricky, fc.string(), fc.webUrl()), (input) => {
        const path = sameOriginPath(input, ORIGIN);
        if (path === undefined) return;
        expect(path).toMatch(/^\/(?![/\\])/);
        for (const base of [`${ORIGIN}/`, 'https://elsewhere.invalid/a/b']) {
          const resolved = new URL(path, base);
          expect(resolved.origin).toBe(new URL(base).origin);
          expect(`${resolved.pathname}${resolved.search}`).toBe(path);
        }
        const decoded = decodeURIComponent(path.split('?')[0]!);
        expect(decoded).toMatch(/^\/(?![/\\])/);
        expect(decoded).not.toMatch(/[\\\s]/);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('sameOriginPath, found by the property above', () => {
  it('refuses escapes that do not decode as UTF-8', () => {
    expect(sameOriginPath('/%A0', ORIGIN)).toBeUndefined();
    expect(sameOriginPath('/notes?q=%E2%82', ORIGIN)).toBeUndefined();
    expect(sameOriginPath('/caf%C3%A9', ORIGIN)).toBe('/caf%C3%A9');
  });
});
