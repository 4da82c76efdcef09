import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SecretBox, SecretBoxError } from '../../src/auth/mfa/secret-box.ts';
import { ConfigError, loadConfig } from '../../src/config/config.ts';
import { resolveSecretKey, SECRET_KEY_FILE } from '../../src/config/secret-key.ts';

const KEY = 'a test key of more than thirty-two characters';

describe('SecretBox', () => {
  it('opens what it sealed, and seals the same text differently each time', () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'ctx');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'ctx')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'ctx')).not.toBe(sealed);
    expect(box.open(box.seal('', 'ctx'), 'ctx')).toBe('');
  });

  it('refuses an altered value, another key, another context and garbage', () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal('secret', 'user:1');
    const [version, iv, body, tag] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    const altered = [version, iv, flipped.toString('base64url'), tag].join('.');
    expect(() => box.open(altered, 'user:1')).toThrow(SecretBoxError);
    expect(() => new SecretBox(`${KEY}!`).open(sealed, 'user:1')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'user:2')).toThrow(SecretBoxError);
    for (const garbage of ['', 'v1.', 'v2.a.b.c', 'plain text', sealed.replace(/^v1/, 'v0')]) {
      expect(() => box.open(garbage, 'user:1'), garbage).toThrow(SecretBoxError);
    }
  });

  it('refuses a key too short to be a secret', () => {
    expect(() => new SecretBox('short')).toThrow(SecretBoxError);
  });
});

describe('SECRET_KEY', () => {
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://notes.example.org' };

  it('is required in production, with a reason and a way to make one', () => {
    let error: unknown;
    try {
      loadConfig(production);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join('\n')).toMatch(
      /^SECRET_KEY: is required because NODE_ENV is production.*two-factor.*openssl rand -base64 32/s,
    );
    expect(loadConfig({ ...production, SECRET_KEY: KEY }).secretKey).toBe(KEY);
    expect(() => loadConfig({ ...production, SECRET_KEY: 'too short' })).toThrow(
      /SECRET_KEY: must be at least 32/,
    );
    expect(loadConfig({ NODE_ENV: 'development' }).secretKey).toBeUndefined();
  });

  it('outside production, is made once in DATA_DIR/secret-key (owner-only) and reused', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'voxpad-key-'));
    try {
      const first = await resolveSecretKey({ secretKey: undefined, dataDir });
      expect(first.length).toBeGreaterThanOrEqual(32);
      const file = path.join(dataDir, SECRET_KEY_FILE);
      expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
      expect(await resolveSecretKey({ secretKey: undefined, dataDir })).toBe(first);
      // Two processes starting at once agree on one key.
      await fs.rm(file);
      const [a, b] = await Promise.all([
        resolveSecretKey({ secretKey: undefined, dataDir }),
        resolveSecretKey({ secretKey: undefined, dataDir }),
      ]);
      expect(a).toBe(b);
      expect(await resolveSecretKey({ secretKey: KEY, dataDir })).toBe(KEY);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
