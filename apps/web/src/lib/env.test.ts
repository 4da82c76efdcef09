import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

const base = { DEV: false, PROD: true, MODE: 'production' };

describe('parseEnv', () => {
  it('applies defaults', () => {
    const env = parseEnv(base);
    expect(env.VITE_SENTRY_DSN).toBeUndefined();
    expect(env.VITE_SENTRY_TUNNEL).toBeUndefined();
    expect(env.VITE_SUPPORT_EMAIL).toBe('support@voxpad.local');
    expect(env.VITE_API_URL).toBe('');
  });

  it('treats empty values as unset and trims the API URL', () => {
    const env = parseEnv({
      ...base,
      VITE_SENTRY_DSN: '',
      VITE_SUPPORT_EMAIL: ' ',
      VITE_API_URL: 'https://api.example.org/',
    });
    expect(env.VITE_SENTRY_DSN).toBeUndefined();
    expect(env.VITE_SUPPORT_EMAIL).toBe('support@voxpad.local');
    expect(env.VITE_API_URL).toBe('https://api.example.org');
  });

  it('lists what is wrong', () => {
    expect(() => parseEnv({ ...base, VITE_SENTRY_DSN: 'not a url', VITE_SUPPORT_EMAIL: 'nope' })).toThrow(
      /VITE_SENTRY_DSN[\s\S]*VITE_SUPPORT_EMAIL/,
    );
  });
});
