#!/usr/bin/env node
// Gzipped size of the JavaScript the login route loads first: the entry chunk, everything it
// imports statically, and the login route's own chunk with its static imports.
// Usage: node scripts/measure-login-bundle.mjs [budgetKiB]   (run after `vite build`)
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const assets = join(dist, 'assets');
const budget = Number(process.argv[2] ?? 200) * 1024;

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
if (!entry) throw new Error('No module entry script in dist/index.html');

const staticImports = (file) => {
  const code = readFileSync(join(assets, file), 'utf8');
  const found = new Set();
  // Static `import ... from "./x.js"` and bare `import "./x.js"`; dynamic import() is excluded.
  for (const match of code.matchAll(
    /(?:^|[;\n}])\s*import\s*(?:[^'"();]*?\s*from\s*)?["']\.\/([^"']+\.js)["']/g,
  )) {
    found.add(match[1]);
  }
  return [...found];
};

const collect = (start, into) => {
  const stack = [start];
  while (stack.length > 0) {
    const file = stack.pop();
    if (into.has(file)) continue;
    into.add(file);
    stack.push(...staticImports(file));
  }
  return into;
};

const loginChunks = readdirSync(assets).filter((name) => /^login-[\w-]+\.js$/.test(name));
if (loginChunks.length !== 1) throw new Error(`Expected one login chunk, found: ${loginChunks.join(', ')}`);

const files = collect(loginChunks[0], collect(entry, new Set()));
let total = 0;
const rows = [...files].map((file) => {
  const gz = gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;
  total += gz;
  return { file, gz };
});
rows.sort((a, b) => b.gz - a.gz);
for (const { file, gz } of rows) console.log(`${(gz / 1024).toFixed(1).padStart(8)} KiB  ${file}`);
console.log(
  `${(total / 1024).toFixed(1).padStart(8)} KiB  total gzipped (${total} bytes), budget ${budget / 1024} KiB`,
);
if (total > budget) {
  console.error('Over budget.');
  process.exit(1);
}
