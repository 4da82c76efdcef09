// Installs whatever is missing on a fresh machine: Debian packages (when we may) and npm
// packages, so `npm start` and `npm test` are each one command. Plain Node, no dependencies.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptGet } from './apt.mjs';
import { step } from './progress.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Debian packages needed at run time: the default speech engine, ffmpeg, opusdec (opus-tools,
 * which decodes Opus in Ogg with a tenth of ffmpeg's memory, ADR 0067), and the word list
 * (wamerican) transcripts take the capitals of names from.
 */
export const RUNTIME_PACKAGES = ['pocketsphinx', 'pocketsphinx-en-us', 'ffmpeg', 'opus-tools', 'wamerican'];
/**
 * Extra packages for the test suite: speech synthesis for test audio, Chromium's headless shell
 * for e2e (Debian's build of the same Chromium without the browser's window and UI: 28 % less
 * CPU for the same pages, ADR 0025 session 20), Caddy for
 * the reverse-proxy test (test/scale/reverse-proxy.test.ts), and the tools that adapt the
 * recogniser to one person (apps/server/src/adaptation: sphinxtrain's bw/mllr_solve/map_adapt,
 * sphinxbase-utils' sphinx_fe, espeak-ng's pronunciations; runtime packages once issue 21 ships),
 * and zip/unzip for the export bench and the zip tests.
 */
export const TEST_PACKAGES = [
  'flite',
  'sox',
  'chromium-headless-shell',
  'pocketsphinx-testdata',
  'caddy',
  'sphinxtrain',
  'sphinxbase-utils',
  'espeak-ng',
  // bench/export-import.ts compares an export with `zip -0 -r`; the tests check zips with unzip.
  'zip',
  'unzip',
];

const PREFIX = '\x1b[36m[voxpad]\x1b[0m ';

export function log(message) {
  process.stdout.write(`${PREFIX}${message}\n`);
}

/** A long step, announced with its rough time and a line every half minute while it runs. */
export function longStep(title, usually, work) {
  return step(title, { usually, log, prefix: PREFIX }, work);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    const error = new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
    error.exitCode = result.status ?? 1;
    throw error;
  }
}

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    throw new Error(`Node.js 20.19 or newer is needed; this is ${process.versions.node}.`);
  }
}

function missingDebianPackages(packages) {
  return packages.filter((name) => {
    try {
      const status = execFileSync('dpkg-query', ['-W', '-f=${Status}', name], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      return !status.toString().includes('install ok installed');
    } catch {
      return true;
    }
  });
}

function installDebianPackages(packages) {
  if (!existsSync('/usr/bin/dpkg-query')) {
    log(`Not a Debian system: make sure these are installed: ${packages.join(', ')}`);
    return;
  }
  const missing = missingDebianPackages(packages);
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  const prefix = isRoot ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // How long to wait for another apt (e.g. unattended-upgrades at boot) to let go of the lock.
  const timeoutSeconds = Number(process.env.APT_LOCK_TIMEOUT_SECONDS ?? 600);
  const options = { prefix, env, timeoutSeconds, log };
  try {
    longStep('Updating the Debian package lists', 'usually under a minute', () =>
      aptGet(['update', '-qq'], options),
    );
    // One -q: apt lists each package as it fetches and sets it up, which is the progress shown.
    longStep(
      `Installing Debian packages: ${missing.join(' ')}`,
      `usually 1-5 minutes for ${missing.length} package${missing.length > 1 ? 's' : ''} and what they need`,
      () => aptGet(['install', '-y', '-q', '--no-install-recommends', ...missing], options),
    );
    stopTestOnlyServices(missing);
  } catch (error) {
    throw new Error(
      `Could not install ${missing.join(', ')} (${error.message}). Install them with:\n  sudo apt-get install ${missing.join(' ')}`,
    );
  }
}

/**
 * Test tools that Debian ships as services (Caddy) must not keep serving after the tests start
 * their own: on a machine that runs systemd, the service the package started is stopped and
 * disabled once, right after it was installed. Without systemd nothing was started.
 */
const TEST_ONLY_SERVICES = ['caddy'];

function stopTestOnlyServices(installed) {
  if (!existsSync('/run/systemd/system')) return;
  const prefix = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  for (const service of TEST_ONLY_SERVICES.filter((name) => installed.includes(name))) {
    log(`Disabling the ${service} service the package started (the tests run their own)`);
    const [command, ...args] = [...prefix, 'systemctl', 'disable', '--now', service];
    spawnSync(command, args, { stdio: 'inherit' });
  }
}

function npmInstallNeeded() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(marker)) return true;
  const lock = path.join(root, 'package-lock.json');
  return statSync(lock).mtimeMs > statSync(marker).mtimeMs;
}

function installNpmPackages() {
  if (!npmInstallNeeded()) return;
  // The native addons (better-sqlite3, smart-whisper's whisper.cpp) are compiled from source here
  // (no prebuilt download reaches this machine): JOBS=max lets node-gyp run make on every core.
  longStep('Installing npm packages (npm ci)', 'usually 2-8 minutes the first time on a small machine', () =>
    run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], {
      env: { ...process.env, JOBS: process.env.JOBS ?? 'max' },
    }),
  );
}

/**
 * PostgreSQL's RUM extension for each PostgreSQL server Debian installed here (ADR 0072): with
 * it, migration 0034 makes the index that hands search matches over newest first, and the
 * PostgreSQL tests cover that way of searching. Optional, so a failure is told, not fatal: the
 * tests then cover search through GIN alone and say so.
 */
export function postgresRumPackages(base = '/usr/lib/postgresql') {
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .filter((version) => /^\d+$/.test(version) && existsSync(path.join(base, version, 'bin', 'postgres')))
    .map((version) => `postgresql-${version}-rum`);
}

function installPostgresRum() {
  const missing = existsSync('/usr/bin/dpkg-query') ? missingDebianPackages(postgresRumPackages()) : [];
  if (missing.length === 0) return;
  const prefix = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const options = {
    prefix,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    timeoutSeconds: 600,
    log,
  };
  try {
    longStep(`Installing ${missing.join(' ')} (newest-first search on PostgreSQL)`, 'usually seconds', () => {
      aptGet(['update', '-qq'], options);
      aptGet(['install', '-y', '-q', '--no-install-recommends', ...missing], options);
    });
  } catch (error) {
    log(`Could not install ${missing.join(', ')} (${error.message}): PostgreSQL search uses GIN alone.`);
  }
}

export function setup({ forTests = false } = {}) {
  checkNode();
  installDebianPackages(forTests ? [...RUNTIME_PACKAGES, ...TEST_PACKAGES] : RUNTIME_PACKAGES);
  if (forTests) installPostgresRum();
  installNpmPackages();
}

/**
 * Rebuilds the web app and the server when their sources changed since their last build here.
 * "Changed" is a SHA-256 of every source file's path and bytes, kept after each build (in
 * node_modules/.cache/voxpad-build/) with the time of the output it describes: modification
 * times cannot tell, since a fresh clone or checkout gives every file a new one. A build made
 * another way (`npm run build`) changes the output's time, so the next call builds again.
 * `force` builds whatever the hashes say.
 */
export function build({ force = false } = {}) {
  const targets = [
    {
      name: 'web app',
      key: 'web',
      workspace: '@voxpad/web',
      output: 'apps/web/dist/index.html',
      // What each chunk holds, for the bundle-size check (apps/web/scripts/bundle-size.mjs).
      alsoWrites: ['apps/web/build-stats/chunks.json'],
      sources: ['apps/web', 'packages/shared', 'package-lock.json', 'tsconfig.base.json'],
    },
    {
      name: 'server',
      key: 'server',
      workspace: '@voxpad/server',
      output: 'apps/server/dist/server.js',
      // The tests start the bundles in place of the sources only when they are newer than every
      // source file (vitest.config.ts): a source saved again unchanged (a formatter's pass) would
      // send every test server and decoder thread through tsx, seconds of CPU each.
      freshByTime: 'apps/server/dist',
      sources: [
        'apps/server/src',
        'apps/server/native',
        'apps/server/build.mjs',
        'apps/server/package.json',
        'packages/shared',
        'package-lock.json',
      ],
    },
  ];
  const built = [];
  for (const target of targets) {
    const output = path.join(root, target.output);
    const stamp = path.join(root, 'node_modules', '.cache', 'voxpad-build', `${target.key}.json`);
    const hash = sourceHash(target.sources);
    const complete = (target.alsoWrites ?? []).every((file) => existsSync(path.join(root, file)));
    if (!force && complete && isCurrent(output, stamp, hash)) {
      if (target.freshByTime) markFresh(target.freshByTime, output, stamp, hash);
      continue;
    }
    log(`Building the ${target.name}`);
    run('npm', ['run', 'build', '-w', target.workspace]);
    // Hashed again after the build: a build may regenerate a source (the web's route tree).
    const record = { sources: sourceHash(target.sources), outputMtimeMs: statSync(output).mtimeMs };
    mkdirSync(path.dirname(stamp), { recursive: true });
    writeFileSync(stamp, `${JSON.stringify(record)}\n`);
    built.push(target.name);
  }
  if (built.length === 0) log('The web app and the server are up to date (their sources have not changed)');
  return built;
}

/** Gives the built files of a current build the time of now, and records the output's new time. */
function markFresh(dir, output, stamp, hash) {
  const now = new Date();
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else utimesSync(full, now, now);
    }
  };
  walk(path.join(root, dir));
  writeFileSync(stamp, `${JSON.stringify({ sources: hash, outputMtimeMs: statSync(output).mtimeMs })}\n`);
}

function isCurrent(output, stamp, hash) {
  if (!existsSync(output) || !existsSync(stamp)) return false;
  try {
    const record = JSON.parse(readFileSync(stamp, 'utf8'));
    return record.sources === hash && record.outputMtimeMs === statSync(output).mtimeMs;
  } catch {
    return false;
  }
}

/**
 * SHA-256 over the relative path and bytes of every source file under `entries` (files or
 * folders): in a Git checkout the files Git tracks or would track (so ignored caches and
 * test output do not count), elsewhere every file outside node_modules and dist.
 */
export function sourceHash(entries) {
  const hash = createHash('sha256');
  for (const relative of sourceFiles(entries)) {
    let bytes;
    try {
      bytes = readFileSync(path.join(root, relative));
    } catch {
      continue; // tracked but deleted in the work tree
    }
    hash.update(relative).update('\0').update(bytes).update('\0');
  }
  return hash.digest('hex');
}

function sourceFiles(entries) {
  const git = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...entries],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  if (git.status === 0) return [...new Set(git.stdout.split('\0').filter(Boolean))].sort();
  const files = [];
  const walk = (relative) => {
    const full = path.join(root, relative);
    if (!existsSync(full)) return;
    if (!statSync(full).isDirectory()) {
      files.push(relative);
      return;
    }
    for (const name of readdirSync(full)) {
      if (name !== 'node_modules' && name !== 'dist') walk(path.join(relative, name));
    }
  };
  for (const entry of entries) walk(entry);
  return files.sort();
}
