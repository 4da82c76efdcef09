// The bundle-size check (apps/web/scripts/bundle-size.mjs, ADR 0055) on a small built app made
// here: it passes within the limit, and fails, naming the module, once a large one is added.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBundles, screenFiles } from '../apps/web/scripts/bundle-size.mjs';

const dirs = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A dist/ with an entry, a shared vendor chunk, the login page's chunk and a lazy settings page. */
function builtApp({ heavyInLogin = false } = {}) {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-bundle-'));
  dirs.push(dist);
  const write = (file, text) => fs.writeFileSync(path.join(dist, file), text);
  // Repetitive code gzips well, as real code does.
  const code = (name, kib) => `export const ${name} = () => ${JSON.stringify('x'.repeat(kib * 1024))};\n`;
  write('entry.js', code('entry', 40));
  write('vendor.js', code('vendor', 60));
  write('settings.js', code('settings', 20));
  // Random bytes do not compress: 200 KiB of them weigh 200 KiB gzipped.
  const heavy = heavyInLogin
    ? `export const heavy = ${JSON.stringify(randomBytes(200 * 1024).toString('base64'))};\n`
    : '';
  write('login.js', code('login', 10) + heavy);
  const chunks = {
    'entry.js': {
      isEntry: true,
      facade: 'index.html',
      imports: ['vendor.js'],
      dynamicImports: ['login.js', 'settings.js'],
      modules: { 'src/main.tsx': 41_000 },
    },
    'vendor.js': {
      isEntry: false,
      facade: null,
      imports: [],
      dynamicImports: [],
      modules: { 'node_modules/react-dom/index.js': 61_000 },
    },
    'login.js': {
      isEntry: false,
      facade: 'src/routes/login.tsx?tsr-split=component',
      imports: ['vendor.js'],
      dynamicImports: [],
      modules: {
        'src/routes/login.tsx': 10_500,
        ...(heavyInLogin ? { 'node_modules/huge-library/index.js': 280_000 } : {}),
      },
    },
    'settings.js': {
      isEntry: false,
      facade: 'src/routes/settings.tsx?tsr-split=component',
      imports: [],
      dynamicImports: [],
      modules: { 'src/routes/settings.tsx': 20_500 },
    },
  };
  return { distDir: dist, chunks };
}

const limits = { routes: { login: { limitKB: 50, routeModules: ['src/routes/login.tsx'] } } };

describe('the bundle-size check', () => {
  it('counts the entry, the route’s chunk and their static imports, not lazy pages', () => {
    const { chunks } = builtApp();
    expect(screenFiles(chunks, ['src/routes/login.tsx']).files.sort()).toEqual([
      'entry.js',
      'login.js',
      'vendor.js',
    ]);
  });

  it('passes within the limit', () => {
    const { ok, lines } = checkBundles({ ...builtApp(), limits });
    expect(lines[0]).toMatch(/^login: [\d.]+ KB \([\d.]+ KiB\) gzipped in 3 files, limit 50 KB: ok$/);
    expect(ok).toBe(true);
  });

  it('fails when a large module is added, and names it first among the largest modules', () => {
    const { ok, lines } = checkBundles({ ...builtApp({ heavyInLogin: true }), limits });
    expect(ok).toBe(false);
    expect(lines[0]).toMatch(/limit 50 KB: OVER$/);
    expect(lines[2]).toContain('node_modules/huge-library/index.js');
  });

  it('counts a KB as 1000 bytes, as issue 24 does: a screen over its limit in KB fails though within it in KiB', () => {
    const app = builtApp();
    const { files } = screenFiles(app.chunks, ['src/routes/login.tsx']);
    const bytes = files.reduce(
      (sum, file) => sum + gzipSync(fs.readFileSync(path.join(app.distDir, file)), { level: 9 }).length,
      0,
    );
    // A limit between the size in KiB and the size in KB.
    const limitKB = (bytes / 1000 + bytes / 1024) / 2;
    expect(bytes / 1024).toBeLessThan(limitKB);
    const { ok, lines } = checkBundles({
      ...app,
      limits: { routes: { login: { limitKB, goalKB: limitKB, routeModules: ['src/routes/login.tsx'] } } },
    });
    expect(ok).toBe(false);
    expect(lines[0]).toContain(`${(bytes / 1000).toFixed(1)} KB (${(bytes / 1024).toFixed(1)} KiB)`);
    expect(lines[0]).toMatch(/OVER \(goal [\d.]+ KB: not met\)$/);
  });

  it('fails when a screen names a route the build does not have', () => {
    const wrong = { routes: { login: { limitKB: 50, routeModules: ['src/routes/log-in.tsx'] } } };
    const { ok, lines } = checkBundles({ ...builtApp(), limits: wrong });
    expect(ok).toBe(false);
    expect(lines[0]).toContain('no chunk for src/routes/log-in.tsx');
  });
});
