import { describe, expect, it } from 'vitest';
import { isSafeRedirectPath, safeRedirectPath } from './safe-redirect.ts';

describe('safe redirect after login', () => {
  it('keeps same-origin paths', () => {
    for (const path of ['/', '/pad/42', '/pad/42/voicenotes/7?t=3', '/profile#x', '/a//b']) {
      expect(isSafeRedirectPath(path)).toBe(true);
    }
  });

  it('refuses anything that can leave the origin', () => {
    for (const value of [
      '//evil.example',
      '//evil.example/path',
      '/\\evil.example',
      'https://evil.example',
      'http:/evil.example',
      'javascript:alert(1)',
      'evil.example',
      '',
      ' /pad',
      '/\t/evil.example',
      '/\n/evil.example',
    ]) {
      expect(isSafeRedirectPath(value), value).toBe(false);
    }
  });

  it('refuses non-strings', () => {
    for (const value of [undefined, null, 42, ['/pad'], { to: '/' }]) {
      expect(isSafeRedirectPath(value)).toBe(false);
    }
  });

  it('takes the first safe candidate (redirect, then next), else /', () => {
    expect(safeRedirectPath('/pad/1', '/profile')).toBe('/pad/1');
    expect(safeRedirectPath('//evil.example', '/profile')).toBe('/profile');
    expect(safeRedirectPath(undefined, 'https://evil.example')).toBe('/');
    expect(safeRedirectPath()).toBe('/');
  });
});
