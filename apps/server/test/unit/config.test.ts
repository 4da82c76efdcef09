import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.ts';

describe('configuration', () => {
  it('has working defaults: SQLite under ./data, both roles, port 8080', () => {
    const config = loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080', SECRET_KEY: 'k'.repeat(32) });
    expect(config.port).toBe(8080);
    expect(config.database.kind).toBe('sqlite');
    expect(config.roles).toEqual({ api: true, worker: true });
    expect(config.secureCookies).toBe(false);
  });

  it('takes a relative WEB_DIST_DIR from where the server starts, as DATA_DIR', () => {
    const base = { PUBLIC_URL: 'http://127.0.0.1:8080', SECRET_KEY: 'k'.repeat(32) };
    expect(loadConfig({ ...base, WEB_DIST_DIR: 'apps/web/dist' }).webDistDir).toBe(
      path.resolve('apps/web/dist'),
    );
    expect(loadConfig({ ...base, WEB_DIST_DIR: '/srv/web' }).webDistDir).toBe('/srv/web');
    expect(loadConfig(base).webDistDir).toBeUndefined();
  });

  it('uses PostgreSQL when DATABASE_URL is set and HTTPS cookies behind an https PUBLIC_URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db/voxpad',
      PUBLIC_URL: 'https://notes.example.org',
      SECRET_KEY: 'k'.repeat(32),
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db/voxpad' });
    expect(config.secureCookies).toBe(true);
  });

  it('signals jobs between processes unless JOB_SIGNALS=off, and refuses other values', () => {
    const base = { PUBLIC_URL: 'http://127.0.0.1:8080', SECRET_KEY: 'k'.repeat(32) };
    expect(loadConfig(base).jobSignals).toBe(true);
    expect(loadConfig({ ...base, JOB_SIGNALS: 'off' }).jobSignals).toBe(false);
    expect(() => loadConfig({ ...base, JOB_SIGNALS: 'maybe' })).toThrow(/JOB_SIGNALS/);
  });

  it('leaves summaries off unless LLM_BASE_URL is set, and then asks for LLM_MODEL', () => {
    const base = { PUBLIC_URL: 'http://127.0.0.1:8080', SECRET_KEY: 'k'.repeat(32) };
    expect(loadConfig(base).summaries.endpoint).toBeUndefined();
    expect(loadConfig({ ...base, LLM_BASE_URL: '' }).summaries.endpoint).toBeUndefined();
    expect(() => loadConfig({ ...base, LLM_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(
      /LLM_MODEL: is required when LLM_BASE_URL is set/,
    );
    expect(() => loadConfig({ ...base, LLM_BASE_URL: 'ftp://models/v1', LLM_MODEL: 'm' })).toThrow(
      /LLM_BASE_URL/,
    );
    const on = loadConfig({
      ...base,
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1/',
      LLM_MODEL: 'llama3.2',
      LLM_TIMEOUT_SECONDS: '0.5',
    }).summaries;
    expect(on).toEqual({
      endpoint: { baseUrl: 'http://127.0.0.1:11434/v1', apiKey: undefined, model: 'llama3.2' },
      timeoutMs: 500,
      contextTokens: 4096,
    });
  });

  it('takes an empty METRICS_TOKEN as unset, as `${VAR:-}` in a compose file gives it', () => {
    const base = { PUBLIC_URL: 'http://127.0.0.1:8080', SECRET_KEY: 'k'.repeat(32) };
    expect(loadConfig({ ...base, METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('limits unfinished uploads and live sockets per account by default, and refuses no limit', () => {
    const base = { PUBLIC_URL: 'http://127.0.0.1:8080', SECRET_KEY: 'k'.repeat(32) };
    const config = loadConfig(base);
    expect(config.openUploadsPerUser).toBe(10);
    expect(config.uploadMaxLifetimeMs).toBe(72 * 3_600_000);
    expect(config.liveStreamsPerUser).toBe(3);
    const set = loadConfig({
      ...base,
      UPLOADS_OPEN_PER_USER: '4',
      UPLOAD_MAX_LIFETIME_HOURS: '0.5',
      LIVE_STREAMS_PER_USER: '1',
    });
    expect([set.openUploadsPerUser, set.uploadMaxLifetimeMs, set.liveStreamsPerUser]).toEqual([
      4, 1_800_000, 1,
    ]);
    for (const name of ['UPLOADS_OPEN_PER_USER', 'UPLOAD_MAX_LIFETIME_HOURS', 'LIVE_STREAMS_PER_USER']) {
      expect(() => loadConfig({ ...base, [name]: '0' }), name).toThrow(name);
    }
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

  it('lists the problems between variables together with the malformed ones, each once', () => {
    let error: unknown;
    try {
      loadConfig({
        NODE_ENV: 'production',
        PORT: 'eighty',
        PUBLIC_URL: 'not a url',
        TRANSCRIBER: 'whisper',
        GOOGLE_CLIENT_ID: 'id-without-its-secret',
        PASSWORD_HASH_COST: 'test',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    const about = (name: string) => problems.filter((problem) => problem.startsWith(name));
    expect(about('PORT:')).toHaveLength(1);
    expect(about('WHISPER_MODEL_PATH: is required when TRANSCRIBER=whisper')).toHaveLength(1);
    expect(about('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither')).toHaveLength(1);
    expect(about('PASSWORD_HASH_COST: "test"')).toHaveLength(1);
    expect(about('SECRET_KEY: is required because NODE_ENV is production')).toHaveLength(1);
    expect(about('S3_BUCKET: is required when S3_ENDPOINT is set')).toHaveLength(1);
    // PUBLIC_URL is malformed, so it is reported as such and not again as missing.
    expect(about('PUBLIC_URL: must be a full URL')).toHaveLength(1);
    expect(about('PUBLIC_URL: is required')).toEqual([]);
  });

  it('refuses to start in production without PUBLIC_URL, and says why', () => {
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return undefined;
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems.join('\n');
      }
    };
    // NODE_ENV defaults to production, so a bare start must name the address people open.
    expect(problemsOf({})).toMatch(/^PUBLIC_URL: is required because NODE_ENV is production .*mails/);
    expect(problemsOf({ NODE_ENV: 'production', HOST: '127.0.0.1' })).toMatch(/PUBLIC_URL=https:/);
    for (const HOST of ['0.0.0.0', '::', '192.0.2.10', 'notes.example.org']) {
      expect(problemsOf({ NODE_ENV: 'development', HOST }), HOST).toContain(
        `PUBLIC_URL: is required because HOST=${HOST} lets other machines connect`,
      );
    }
    // On this machine alone the listening address is right: development and tests need none.
    for (const HOST of ['127.0.0.1', 'localhost', '::1']) {
      expect(problemsOf({ NODE_ENV: 'development', HOST }), HOST).toBeUndefined();
      expect(problemsOf({ NODE_ENV: 'test', HOST }), HOST).toBeUndefined();
    }
    expect(
      problemsOf({
        NODE_ENV: 'production',
        HOST: '0.0.0.0',
        PUBLIC_URL: 'https://n.example.org',
        SECRET_KEY: 'k'.repeat(32),
      }),
    ).toBe(undefined);
  });

  it('takes PUBLIC_URL as an origin only: no credentials, path or query for links to inherit', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://Notes.Example.org/', SECRET_KEY: 'k'.repeat(32) });
    expect(config.publicUrl).toBe('https://notes.example.org');
    for (const PUBLIC_URL of [
      'http://127.0.0.1:18090@evil.example',
      'https://user:pass@notes.example.org',
      'https://notes.example.org/voxpad',
      'https://notes.example.org/?next=x',
      'ftp://notes.example.org',
      'javascript:alert(1)',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL }), PUBLIC_URL).toThrow(/PUBLIC_URL: must be/);
    }
  });
});
