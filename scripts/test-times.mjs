// `npm run test:times`: how long each test file took, slowest first, per project.
//
//   npm run test:times                        what the last `npm test` (or run below) measured
//   npm run test:times -- --top 10            only the ten slowest files of each project
//   npm run test:times -- --run --project web runs Vitest with these arguments, then reports
//   npm run test:times -- --run --config e2e/vitest.config.ts
//   npm run test:times -- --save-slow         keeps the slowest files of the last full run in
//                                             scripts/slow-test-files.json, which orders a
//                                             fresh clone's run (scripts/test-sequencer.mjs)
//
// Every run of `npm test` records the times, and each file's CPU time where it was measured (scripts/test-times-reporter.mjs writes
// test-results/vitest-times.json and test-results/e2e-times.json).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SLOW_FILES, SLOW_SHARE } from './test-sequencer.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results');

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : Infinity;
const runAt = args.indexOf('--run');
if (args.includes('--save-slow')) {
  saveSlow(path.join(resultsDir, 'vitest-times.json'));
} else if (runAt >= 0) {
  const vitestArgs = args.slice(runAt + 1);
  const isE2e = vitestArgs.some((arg) => arg.includes('e2e/vitest.config'));
  const name = isE2e ? 'e2e-times-run' : 'vitest-times-run';
  const result = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      ...vitestArgs,
      '--reporter=default',
      `--reporter=${path.join(root, 'scripts', 'test-times-reporter.mjs')}`,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, VOXPAD_TEST_TIMES_NAME: name } },
  );
  print([path.join(resultsDir, `${name}.json`)]);
  process.exit(result.status ?? 1);
} else {
  const reports = fs.existsSync(resultsDir)
    ? fs
        .readdirSync(resultsDir)
        .filter((file) => file.endsWith('-times.json'))
        .map((file) => path.join(resultsDir, file))
    : [];
  if (reports.length === 0) {
    console.error(
      'No test times recorded yet: run `npm test`, or `npm run test:times -- --run <vitest arguments>`.',
    );
    process.exit(1);
  }
  print(reports);
}

function print(reportFiles) {
  for (const reportFile of reportFiles) {
    if (!fs.existsSync(reportFile)) continue;
    const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
    console.log(
      `\n${path.relative(root, reportFile)}: run of ${report.began}, ${seconds(report.wallMs)} wall clock`,
    );
    const byProject = new Map();
    for (const file of report.files) {
      const list = byProject.get(file.project) ?? [];
      list.push(file);
      byProject.set(file.project, list);
    }
    const projects = [...byProject.entries()].sort((a, b) => sum(b[1]) - sum(a[1]));
    for (const [project, files] of projects) {
      const tests = files.reduce((total, file) => total + file.tests, 0);
      const cpu = files.reduce((total, file) => total + (file.cpuMs ?? 0), 0);
      console.log(
        `\n${project || '(no project)'}: ${files.length} files, ${tests} tests, ${seconds(sum(files))} summed` +
          (cpu > 0 ? `, ${seconds(cpu)} CPU` : ''),
      );
      const sorted = [...files].sort((a, b) => b.ms - a.ms).slice(0, top);
      for (const file of sorted) {
        const flag = file.state === 'passed' ? '' : `  [${file.state}]`;
        // CPU: the file's process and the child processes it started (scripts/test-cpu-time.ts).
        const cpu = file.cpuMs === undefined ? '' : `${seconds(file.cpuMs).padStart(8)} CPU`;
        console.log(
          `  ${seconds(file.ms).padStart(8)}  ${cpu}  ${String(file.tests).padStart(4)} tests  ${file.file}${flag}`,
        );
      }
    }
  }
}

/** The files that took at least SLOW_SHARE of the run, for the test sequencer. */
function saveSlow(reportFile) {
  if (!fs.existsSync(reportFile)) {
    console.error(`No full run recorded (${path.relative(root, reportFile)}): run \`npm test\` first.`);
    process.exit(1);
  }
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  const slowMs = SLOW_SHARE * sum(report.files);
  const files = report.files
    .filter((file) => file.ms >= slowMs)
    .sort((a, b) => b.ms - a.ms)
    .map(({ project, file, ms, state }) => ({ project, file, ms, state }));
  const kept = { began: report.began, wallMs: report.wallMs, summedMs: sum(report.files), files };
  fs.writeFileSync(SLOW_FILES, `${JSON.stringify(kept, null, 2)}\n`);
  console.log(`${files.length} files of ${report.files.length} kept in ${path.relative(root, SLOW_FILES)}`);
}

function sum(files) {
  return files.reduce((total, file) => total + file.ms, 0);
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}
