import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.ts';

describe('configuration', () => {
  it('has working defaults: SQLite under ./data, both roles, port 8080', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.database.kind).toBe('sqlite');
    expect(config.roles).toEqual({ api: true, worker: true });
    expect(config.secureCookies).toBe(false);
  });

  it('uses PostgreSQL when DATABASE_URL is set and HTTPS cookies behind an https PUBLIC_URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db/voxpad',
      PUBLIC_URL: 'https://notes.example.org',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db/voxpad' });
    expect(config.secureCookies).toBe(true);
  });

  it('lists every problem at once, naming each variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ROLE: 'boss', PUBLIC_URL: 'not a url' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'ROLE', 'PUBLIC_URL']) expect(problems).toContain(name);
    expect((error as ConfigError).message).toMatch(/^The configuration is not valid:/);
  });
});
