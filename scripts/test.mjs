// `npm test`: install what is missing, build what changed, then formatting, lint, type-check,
// every test suite (server on each database backend, web unit tests) and the end-to-end test
// in Chromium.
//
// Steps run side by side: the unit and integration tests, the end-to-end tests and the static
// checks (type-check, lint, format, bundle size). The tests write only to directories the
// checks leave out (temporary directories, test-results/, apps/server/.test-bundles/), so the
// checks fill the cores the tests leave idle instead of holding them back for a minute
// (ADR 0025). One step streams its output; the others show theirs whole when they end and
// keep it in test-results/logs/. TEST_LANES=1 runs every step one after another.
//
// Side by side, the steps get the cores by priority (`nice`, ADR 0068): the end-to-end tests
// first, since Chromium's fake microphone plays in real time and a live transcript must keep
// up with it; then the unit and integration tests; the static checks, which wait on nothing,
// take what is left. Stop 34's CI (load 7-8 on two cores) lost an e2e live test and a mail
// wait while everything ran at one priority.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { build, log, root, setup } from './setup.mjs';

const backends = process.env.TEST_DATABASES ?? 'sqlite,postgres';
const lanesWanted = Number(process.env.TEST_LANES ?? 2);
const timesReporter = `--reporter=${path.join(root, 'scripts', 'test-times-reporter.mjs')}`;
const logDir = path.join(root, 'test-results', 'logs');

/** `nice` levels of the steps run side by side (0: the end-to-end tests' own). */
const NICE_TESTS = 5;
const NICE_CHECKS = 15;

const steps = {
  format: {
    title: 'Checking formatting',
    nice: NICE_CHECKS,
    command: 'npx',
    args: ['prettier', '--check', '.'],
  },
  lint: { title: 'Linting', nice: NICE_CHECKS, command: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
  typecheck: { title: 'Type-checking', nice: NICE_CHECKS, command: 'npm', args: ['run', 'typecheck'] },
  // The Chromium tests (DOM types), beside the apps' own check; the benches are checked with the
  // server, as one program (tsconfig.server-and-bench.json: each server file once, not twice).
  typecheckTools: {
    title: 'Type-checking e2e',
    nice: NICE_CHECKS,
    command: 'npm',
    args: ['run', 'typecheck:tools'],
  },
  // The JavaScript each screen loads first, against its limit (apps/web/bundle-limits.json, ADR 0055).
  bundleSize: {
    title: 'Checking bundle size',
    nice: NICE_CHECKS,
    command: 'node',
    args: ['apps/web/scripts/bundle-size.mjs'],
  },
  vitest: {
    title: 'Running unit and integration tests',
    nice: NICE_TESTS,
    command: 'npx',
    args: ['vitest', 'run', '--reporter=default', timesReporter],
    env: { VOXPAD_TEST_TIMES_NAME: 'vitest-times' },
  },
  e2e: {
    title: 'Running end-to-end tests in Chromium',
    command: 'npx',
    args: ['vitest', 'run', '--config', 'e2e/vitest.config.ts', '--reporter=default', timesReporter],
    // Beside the Vitest run, one browser lane: two lanes and Vitest's threads on 2 cores ran at a
    // load average of 16 and timed out in places (ADR 0025). Alone, the e2e default (2) applies.
    env: {
      VOXPAD_TEST_TIMES_NAME: 'e2e-times',
      ...(lanesWanted > 1 && process.env.E2E_LANES === undefined ? { E2E_LANES: '1' } : {}),
    },
  },
};
// Phases run one after another; the steps of a phase at once, the first one streaming.
const phases =
  lanesWanted > 1
    ? [
        [
          steps.vitest,
          steps.e2e,
          steps.typecheck,
          steps.typecheckTools,
          steps.lint,
          steps.format,
          steps.bundleSize,
        ],
      ]
    : [
        steps.format,
        steps.lint,
        steps.typecheck,
        steps.typecheckTools,
        steps.bundleSize,
        steps.vitest,
        steps.e2e,
      ].map((step) => [step]);

const began = Date.now();
const results = [];
const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

log(`Load average at the start: ${load()} (${os.cpus().length} cores)`);
try {
  timed('Set-up (system and npm packages)', () => setup({ forTests: true }));
  timed('Building what changed', () => build());
} catch (error) {
  process.stderr.write(`\n${error.message}\n`);
  printSummary();
  process.exit(error.exitCode ?? 1);
}

// Every step runs even when an earlier one fails, so one run shows every problem.
for (const phase of phases) {
  await Promise.all(phase.map((step, i) => runTimedStep(step, { streamed: i === 0 })));
}
printSummary();
const failed = results.filter((result) => !result.ok);
if (failed.length > 0) {
  log(`Failed: ${failed.map((result) => result.title).join('; ')}`);
  printFailures(failed);
  process.exit(1);
}
log(
  `All checks passed. Database backends covered: ${backends.split(',').join(', ')} ` +
    '(backend-independent API files on one of them: vitest.config.ts, ADR 0025)',
);

function timed(title, work) {
  const stepBegan = Date.now();
  try {
    work();
    results.push({ title, ms: Date.now() - stepBegan, ok: true, startedAt: stepBegan - began });
  } catch (error) {
    results.push({ title, ms: Date.now() - stepBegan, ok: false, startedAt: stepBegan - began });
    throw error;
  }
}

async function runTimedStep(step, { streamed }) {
  log(`${step.title}${streamed ? '' : ' (alongside; its output follows when it ends)'}`);
  const stepBegan = Date.now();
  const { ok, output } = await runStep(step, streamed);
  const ms = Date.now() - stepBegan;
  results.push({ title: step.title, ms, ok, startedAt: stepBegan - began, output });
  if (!streamed) {
    const file = path.join(logDir, `${step.title.toLowerCase().replace(/\W+/g, '-')}.log`);
    fs.mkdirSync(logDir, { recursive: true });
    fs.writeFileSync(file, output);
    log(`${step.title}: output (also in ${path.relative(root, file)})`);
    process.stdout.write(output.endsWith('\n') || output === '' ? output : `${output}\n`);
  }
  log(
    `${step.title}: ${ok ? 'passed' : 'FAILED'}, ${minutes(ms)} (${minutes(Date.now() - began)} since the start)`,
  );
}

function runStep(step, streamed) {
  return new Promise((resolve) => {
    const [command, args] =
      lanesWanted > 1 && step.nice
        ? ['nice', ['-n', String(step.nice), step.command, ...step.args]]
        : [step.command, step.args];
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, TEST_DATABASES: backends, ...step.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The streamed step's output goes on to the terminal as it comes, and is kept too, so the
    // end of the run can name its failing tests (CI shows only the run's last lines).
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (streamed) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      if (streamed) process.stderr.write(chunk);
    });
    child.on('error', (error) => resolve({ ok: false, output: `${output}\n${error.message}\n` }));
    child.on('close', (code, signal) =>
      resolve({
        ok: code === 0,
        output:
          code === 0
            ? output
            : `${output}\n${step.command} ${step.args.join(' ')} exited with ${code ?? signal}\n`,
      }),
    );
  });
}

/** Each failed step's failing tests and the first lines of their errors, at the very end. */
function printFailures(failed) {
  for (const result of failed) {
    const lines = stripVTControlCharacters(result.output ?? '').split('\n');
    const found = [];
    lines.forEach((line, i) => {
      if (!/^\s*FAIL\s/.test(line)) return;
      const error = lines.slice(i + 1, i + 8).find((next) => /\w+Error\b|expected|Timeout/.test(next));
      // Where it failed: what a locator waited for, and the test's own line.
      const where = lines
        .slice(i + 1, i + 40)
        .filter((next) => /waiting for |❯ \S+\.test\.\w+:\d+/.test(next))
        .slice(0, 2)
        .map((next) => `\n      ${next.trim().slice(0, 200)}`);
      found.push(`  ${line.trim()}${error ? `\n      ${error.trim().slice(0, 300)}` : ''}${where.join('')}`);
    });
    if (found.length === 0) continue;
    log(`${result.title}: failing tests`);
    process.stdout.write(`${[...new Set(found)].slice(0, 30).join('\n')}\n`);
  }
}

function printSummary() {
  const width = Math.max(...results.map((result) => result.title.length), 'Total (wall clock)'.length);
  const rows = [...results]
    .sort((a, b) => a.startedAt - b.startedAt)
    .map(
      (result) =>
        `  ${result.title.padEnd(width)}  ${minutes(result.ms).padStart(9)}  ${`from ${minutes(result.startedAt)}`.padEnd(14)}${result.ok ? 'ok' : 'FAILED'}`,
    );
  log('Time of each step:');
  process.stdout.write(
    [
      ...rows,
      `  ${'Total (wall clock)'.padEnd(width)}  ${minutes(Date.now() - began).padStart(9)}`,
      `  Load average at the end: ${load()}; per-file times: npm run test:times`,
      '',
    ].join('\n'),
  );
}
