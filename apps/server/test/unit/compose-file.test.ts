/**
 * docs/compose.yaml cannot be run here (no Docker engine on our machines), so what can go wrong
 * in it without Docker is checked: every Voxpad service's environment, after Compose's own
 * interpolation, is accepted by the server's configuration with the role, database and storage
 * the layout means; every variable it sets is one docs/configuration.md documents; the inline Dockerfile
 * copies files that exist and starts the file the server build writes; the Caddyfile balances
 * over exactly the API services and checks the readiness route the server serves.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config/config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const composeText = fs.readFileSync(path.join(root, 'docs/compose.yaml'), 'utf8');

interface Service {
  image?: string;
  build?: { context: string; dockerfile_inline: string };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}
interface ComposeFile {
  services: Record<string, Service>;
  configs: Record<string, { content: string }>;
}

/** Compose's interpolation of `${NAME}`, `${NAME:-default}` and `${NAME:?message}` in a string. */
function interpolateString(text: string, env: Record<string, string>): string {
  return text.replace(/\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g, (_, name: string, op?: string, arg = '') => {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
    if (op === '?') throw new Error(`required variable ${name} is missing a value: ${arg}`);
    return op === '-' ? arg : '';
  });
}

/** Compose parses the YAML first, then interpolates every string value in it. */
function interpolate(value: unknown, env: Record<string, string>): unknown {
  if (typeof value === 'string') return interpolateString(value, env);
  if (Array.isArray(value)) return value.map((item) => interpolate(item, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, env)]));
  }
  return value;
}

function compose(env: Record<string, string>): ComposeFile {
  return interpolate(parse(composeText, { merge: true }), env) as ComposeFile;
}

const secretKey = 'c2VjcmV0LWtleS1mb3ItdGhlLWNvbXBvc2UtdGVzdC0xMjM0NQ==';
const file = compose({ VOXPAD_SECRET_KEY: secretKey });
const voxpad = Object.entries(file.services).filter(([, s]) => s.image === 'voxpad:local');
const apis = voxpad.filter(([name]) => name.startsWith('api-')).map(([name]) => name);
const workers = voxpad.filter(([name]) => name.startsWith('worker-')).map(([name]) => name);

describe('docs/compose.yaml', () => {
  it('lays out two API processes and two workers, all built from this repository', () => {
    expect(apis).toEqual(['api-1', 'api-2']);
    expect(workers).toEqual(['worker-1', 'worker-2']);
    for (const [, service] of voxpad) expect(service.build?.context).toBe('..');
  });

  it('refuses to start without a secret key, as the server would in production', () => {
    expect(() => compose({})).toThrow(/VOXPAD_SECRET_KEY/);
  });

  it("gives every Voxpad service an environment the server's configuration accepts", () => {
    for (const [name, service] of voxpad) {
      const config = loadConfig({ ...service.environment });
      const isApi = name.startsWith('api-');
      expect(config.roles, name).toEqual({ api: isApi, worker: !isApi });
      expect(config.database.kind, name).toBe('postgres');
      expect(config.storage.kind, name).toBe('s3');
      expect(config.trustProxy, name).toBe(true);
      expect(config.publicUrl, name).toBe('http://localhost:8080');
    }
  });

  it('sets only variables docs/configuration.md documents', () => {
    const settings = fs.readFileSync(path.join(root, 'docs/configuration.md'), 'utf8');
    const names = new Set(voxpad.flatMap(([, s]) => Object.keys(s.environment ?? {})));
    const undocumented = [...names].filter((name) => !settings.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
  });

  it('starts the workers after the first API process, which migrates the database', () => {
    for (const name of workers) {
      expect(file.services[name]!.depends_on).toEqual({ 'api-1': { condition: 'service_healthy' } });
    }
  });

  it('builds with files that exist and starts the file the server build writes', () => {
    const dockerfile = voxpad[0]![1].build!.dockerfile_inline;
    const copied = [...dockerfile.matchAll(/^\s*COPY (.+) \S+$/gm)].flatMap((m) => m[1]!.split(/\s+/));
    expect(copied.length).toBeGreaterThan(0);
    for (const source of copied) expect(fs.existsSync(path.join(root, source)), source).toBe(true);
    const workspaces = (
      JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
        workspaces: string[];
      }
    ).workspaces;
    const workspaceDirs = workspaces.flatMap((glob) =>
      fs.readdirSync(path.join(root, glob.replace('/*', ''))).map((d) => `${glob.replace('/*', '')}/${d}`),
    );
    for (const dir of workspaceDirs) expect(copied, dir).toContain(`${dir}/package.json`);
    const build = fs.readFileSync(path.join(root, 'apps/server/build.mjs'), 'utf8');
    expect(build).toMatch(/server: 'src\/server\.ts'/);
    expect(build).toMatch(/outdir: 'dist'/);
    expect(dockerfile).toMatch(/CMD \["node", "--enable-source-maps", "apps\/server\/dist\/server\.js"\]/);
    const engines = (
      JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
        engines: { node: string };
      }
    ).engines.node;
    expect(dockerfile).toMatch(new RegExp(`FROM node:${/\d+/.exec(engines)![0]}-`));
  });

  it('balances over exactly the API processes and checks the readiness route the server serves', () => {
    const caddyfile = file.configs.caddyfile!.content;
    const upstreams = /reverse_proxy ([^{]+)\{/.exec(caddyfile)![1]!.trim().split(/\s+/);
    const port = voxpad[0]![1].environment!.PORT;
    expect(upstreams).toEqual(apis.map((name) => `${name}:${port}`));
    expect(caddyfile).toMatch(/health_uri \/readyz/);
    const health = fs.readFileSync(path.join(root, 'apps/server/src/http/health-routes.ts'), 'utf8');
    expect(health).toContain("app.get('/readyz'");
    for (const [name, service] of voxpad) {
      expect(service.healthcheck?.test.join(' '), name).toContain(`http://127.0.0.1:${port}/readyz`);
    }
  });
});
