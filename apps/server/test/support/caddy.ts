/**
 * Caddy (Debian's `caddy` package, 2.6) running the Caddyfile of docs/compose.yaml, read from
 * that file at test time, never a copy. Only what ties it to the Docker network is mapped to
 * this machine: the site's port (`:80`) becomes a free loopback port and the API services'
 * addresses (`api-1:8080`, ...) become the test's own processes. A global options block turns
 * off the admin endpoint (no :2019) and automatic HTTPS, and binds to loopback; HOME and the XDG
 * directories point at a temporary directory so nothing is written outside it. Every other line
 * of the Caddyfile runs as written.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parse } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const COMPOSE_FILE = path.join(root, 'docs/compose.yaml');

interface ComposeService {
  image?: string;
  environment?: Record<string, string>;
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  configs: Record<string, { content?: string } | undefined>;
}

/** The Caddyfile of docs/compose.yaml and the `name:port` addresses of its API services, in order. */
export function composeCaddyfile(): { caddyfile: string; apiAddresses: string[] } {
  const file = parse(fs.readFileSync(COMPOSE_FILE, 'utf8'), { merge: true }) as ComposeFile;
  const caddyfile = file.configs.caddyfile?.content;
  if (!caddyfile) throw new Error(`${COMPOSE_FILE} has no configs.caddyfile.content`);
  const apiAddresses = Object.entries(file.services)
    .filter(([, s]) => s.environment?.ROLE === 'api')
    .map(([name, s]) => `${name}:${s.environment?.PORT ?? ''}`);
  return { caddyfile, apiAddresses };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The compose Caddyfile for this machine: the site address `:80` becomes `:<port>` and each
 * upstream in `upstreams` (compose address -> loopback address) is replaced; a global options
 * block goes first. Throws when something to map is not where the compose file had it, so a
 * changed compose file fails the test instead of running something else.
 */
export function localCaddyfile(caddyfile: string, port: number, upstreams: Map<string, string>): string {
  const site = /^:80(?=\s*\{)/m;
  if (!site.test(caddyfile)) throw new Error(`the compose Caddyfile has no ":80 {" site:\n${caddyfile}`);
  let mapped = caddyfile.replace(site, `:${port}`);
  for (const [from, to] of upstreams) {
    const address = new RegExp(`(?<=\\s)${escape(from)}(?=\\s)`, 'g');
    if (!address.test(mapped))
      throw new Error(`the compose Caddyfile has no upstream ${from}:\n${caddyfile}`);
    mapped = mapped.replace(address, to);
  }
  const globalOptions = [
    '# Added by the test: no admin endpoint, no certificates, loopback only.',
    '{',
    '\tadmin off',
    '\tauto_https off',
    '\tdefault_bind 127.0.0.1',
    '}',
    '',
  ].join('\n');
  return globalOptions + mapped;
}

/** The last lines Caddy wrote (its log is JSON on stderr), to explain a failure. */
class Tail {
  private text = '';
  add(chunk: Buffer): void {
    this.text = (this.text + chunk.toString()).slice(-12_000);
  }
  toString(): string {
    return this.text;
  }
}

export class CaddyProcess {
  readonly output = new Tail();
  private readonly exited: Promise<void>;

  private constructor(
    readonly child: ChildProcess,
    readonly dir: string,
    readonly url: string,
    readonly caddyfile: string,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => this.output.add(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.output.add(chunk));
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Validates `caddyfile`, runs it, and waits until `port` answers HTTP. */
  static async start(caddyfile: string, port: number): Promise<CaddyProcess> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-caddy-'));
    const config = path.join(dir, 'Caddyfile');
    fs.writeFileSync(config, caddyfile);
    const env = {
      PATH: process.env.PATH,
      HOME: dir,
      XDG_DATA_HOME: path.join(dir, 'data'),
      XDG_CONFIG_HOME: path.join(dir, 'config'),
    };
    const args = ['--adapter', 'caddyfile', '--config', config];
    try {
      await promisify(execFile)('caddy', ['validate', ...args], { env, encoding: 'utf8', timeout: 30_000 });
    } catch (error) {
      fs.rmSync(dir, { recursive: true, force: true });
      const { code, stderr } = error as { code?: unknown; stderr?: string };
      if (code === 'ENOENT') {
        throw new Error('caddy is not installed: apt-get install caddy (`npm test` installs it)');
      }
      throw new Error(`caddy validate refused the Caddyfile:\n${stderr ?? String(error)}\n---\n${caddyfile}`);
    }
    const child = spawn('caddy', ['run', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const caddy = new CaddyProcess(child, dir, `http://127.0.0.1:${port}`, caddyfile);
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (!caddy.running) throw new Error(`caddy exited while starting:\n${caddy.output.toString()}`);
      // Any HTTP answer (even a 502 from an upstream) means Caddy listens.
      const up = await fetch(`${caddy.url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
        () => true,
        () => false,
      );
      if (up) return caddy;
      if (Date.now() > deadline) {
        await caddy.stop();
        throw new Error(`caddy did not answer on ${caddy.url} in time:\n${caddy.output.toString()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** SIGTERM (Caddy shuts down gracefully), SIGKILL if it has not exited after 10 s. */
  async stop(): Promise<void> {
    if (this.running) this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
