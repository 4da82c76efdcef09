#!/usr/bin/env node
// The bundle-size check (ADR 0055), run by `npm test` after the build: for each screen in
// bundle-limits.json, the gzipped size of the JavaScript it loads at first paint — the entry chunk,
// the split chunks of the screen's routes (layout and page), and everything those import
// statically — against its limit, in KB of 1000 bytes as issue 24 states them (KiB beside). Past
// a limit it fails and names the largest modules of that screen, from build-stats/chunks.json
// (written by scripts/chunk-stats-plugin.mjs).
//
// Usage: node scripts/bundle-size.mjs [--app <dir>]   (default: apps/web)
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The files one screen loads first, and its modules with their rendered lengths. */
export function screenFiles(chunks, routeModules) {
  const starts = Object.entries(chunks)
    .filter(
      ([, chunk]) =>
        chunk.isEntry ||
        routeModules.some(
          (module) => chunk.facade === module || chunk.facade?.startsWith(`${module}?tsr-split=`),
        ),
    )
    .map(([file]) => file);
  const missing = routeModules.filter(
    (module) => !Object.values(chunks).some((chunk) => chunk.facade?.split('?')[0] === module),
  );
  const files = new Set();
  const stack = [...starts];
  while (stack.length > 0) {
    const file = stack.pop();
    if (files.has(file) || !chunks[file]) continue;
    files.add(file);
    stack.push(...chunks[file].imports);
  }
  return { files: [...files], missing };
}

/** KB as issue 24 counts them: 1000 bytes (a KiB is 1024). */
const KB = 1000;
const KIB = 1024;

/** "123.5 KB (120.6 KiB)": the limits are in KB, the KiB beside them for older figures. */
export function formatSize(bytes) {
  return `${(bytes / KB).toFixed(1)} KB (${(bytes / KIB).toFixed(1)} KiB)`;
}

/** Checks every screen; answers the report's lines and whether all are within their limits. */
export function checkBundles({ distDir, chunks, limits, top = 10 }) {
  const lines = [];
  let ok = true;
  const gzipped = new Map();
  const sizeOf = (file) => {
    if (!gzipped.has(file)) {
      gzipped.set(file, gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length);
    }
    return gzipped.get(file);
  };
  for (const [screen, { limitKB, goalKB, routeModules }] of Object.entries(limits.routes)) {
    const { files, missing } = screenFiles(chunks, routeModules);
    if (missing.length > 0) {
      ok = false;
      lines.push(`${screen}: no chunk for ${missing.join(', ')} (is bundle-limits.json out of date?)`);
      continue;
    }
    const bytes = files.reduce((sum, file) => sum + sizeOf(file), 0);
    const within = bytes <= limitKB * KB;
    ok &&= within;
    lines.push(
      `${screen}: ${formatSize(bytes)} gzipped in ${files.length} files, limit ${limitKB} KB: ${within ? 'ok' : 'OVER'}` +
        (goalKB === undefined ? '' : ` (goal ${goalKB} KB: ${bytes <= goalKB * KB ? 'met' : 'not met'})`),
    );
    if (!within) {
      const modules = files
        .flatMap((file) => Object.entries(chunks[file].modules))
        .sort((a, b) => b[1] - a[1])
        .slice(0, top);
      lines.push(`  largest modules of ${screen} (rendered size, before minifying and gzip):`);
      for (const [id, length] of modules) lines.push(`    ${(length / KB).toFixed(1).padStart(8)} KB  ${id}`);
    }
  }
  return { ok, lines };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--app');
  const app = at > 0 ? path.resolve(process.argv[at + 1]) : path.resolve(import.meta.dirname, '..');
  const statsFile = path.join(app, 'build-stats', 'chunks.json');
  if (!fs.existsSync(statsFile)) {
    console.error(`No ${path.relative(process.cwd(), statsFile)}: build the web app first (npm run build).`);
    process.exit(1);
  }
  const { chunks } = JSON.parse(fs.readFileSync(statsFile, 'utf8'));
  const limits = JSON.parse(fs.readFileSync(path.join(app, 'bundle-limits.json'), 'utf8'));
  const { ok, lines } = checkBundles({ distDir: path.join(app, 'dist'), chunks, limits });
  process.stdout.write(`${lines.join('\n')}\n`);
  if (!ok) process.exit(1);
}
