import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MALLOC_ARENAS, startBanner, startEnvironment } from './start-config.mjs';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The arenas glibc made in a Node process whose 8 threads malloc and free at once (native
 * code, as the decoder threads do), from malloc_stats()'s "Arena N:" lines on stderr.
 */
function arenasMade(env) {
  const thread =
    "import('koffi').then(({default:k})=>{const c=k.load('libc.so.6');const malloc=c.func('void* malloc(size_t)');" +
    "const free=c.func('void free(void*)');const t=Date.now();" +
    'while(Date.now()-t<400){const p=[];for(let i=0;i<200;i++)p.push(malloc(4096));for(const x of p)free(x);}});';
  const script = `
    const koffi = require('koffi');
    const { Worker } = require('node:worker_threads');
    let left = 8;
    for (let i = 0; i < 8; i++) {
      new Worker(${JSON.stringify(thread)}, { eval: true }).on('exit', () => {
        if (--left === 0) koffi.load('libc.so.6').func('void malloc_stats()')();
      });
    }`;
  const run = spawnSync(process.execPath, ['-e', script], {
    cwd: path.join(root, 'apps/server'),
    env,
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return (run.stderr.match(/^Arena \d+:/gm) ?? []).length;
}

describe('npm start', () => {
  it('names the site localhost on loopback (passkeys), listening on 127.0.0.1 as before', () => {
    const { env, listening, readyUrl } = startEnvironment({}, '/srv/voxpad');
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      MALLOC_ARENA_MAX: '2',
      PUBLIC_URL: 'http://localhost:8080',
      DATA_DIR: '/srv/voxpad/data',
      WEB_DIST_DIR: '/srv/voxpad/apps/web/dist',
    });
    expect(listening).toBe('http://127.0.0.1:8080');
    expect(readyUrl).toBe('http://127.0.0.1:8080/readyz');
    expect(startEnvironment({ PORT: '9090', HOST: '::1' }, '/r').env.PUBLIC_URL).toBe(
      'http://localhost:9090',
    );
    expect(startEnvironment({ PORT: '9090', HOST: '::1' }, '/r').readyUrl).toBe('http://[::1]:9090/readyz');
  });

  it('leaves PUBLIC_URL to the operator on other hosts, and keeps one that is set', () => {
    expect(startEnvironment({ HOST: '0.0.0.0' }, '/r').env.PUBLIC_URL).toBeUndefined();
    expect(startEnvironment({ HOST: '0.0.0.0' }, '/r').readyUrl).toBe('http://127.0.0.1:8080/readyz');
    const set = startEnvironment({ PUBLIC_URL: 'https://notes.example.org' }, '/r');
    expect(set.env.PUBLIC_URL).toBe('https://notes.example.org');
  });

  it('says where to open it and that, without SMTP_URL, mail links are printed in the console', () => {
    const { env, listening } = startEnvironment({}, '/srv/voxpad');
    const text = startBanner({ env, listening }).join('\n');
    expect(text).toContain('Voxpad is up: open http://localhost:8080');
    expect(text).toContain(
      'it answers at http://127.0.0.1:8080 too; passkeys work only at http://localhost:8080',
    );
    expect(text).toContain('no SMTP_URL is set, so nothing is sent');
    expect(text).toContain('/srv/voxpad/data/outbox');
    // The words the server's log line starts with, so the person can find the link.
    expect(text).toContain('No SMTP_URL set, so this mail was not sent');
  });

  it('names the SMTP server without its credentials when mail is sent', () => {
    const started = startEnvironment({ SMTP_URL: 'smtp://user:secret@mail.example.org:587' }, '/r');
    const text = startBanner(started).join('\n');
    expect(text).toContain('mail.example.org:587');
    expect(text).not.toContain('secret');
  });

  it('caps glibc’s malloc arenas, unless the operator set MALLOC_ARENA_MAX', () => {
    expect(startEnvironment({ MALLOC_ARENA_MAX: '8' }, '/r').env.MALLOC_ARENA_MAX).toBe('8');
    const { MALLOC_ARENA_MAX: _unset, ...without } = process.env;
    const capped = startEnvironment(without, root).env;
    expect(arenasMade(capped)).toBeLessThanOrEqual(Number(MALLOC_ARENAS));
    // Without the cap the same threads get an arena each (the premise of ADR 0061).
    expect(arenasMade(without)).toBeGreaterThan(Number(MALLOC_ARENAS));
  });
});
