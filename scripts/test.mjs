// `npm test`: install what is missing, then formatting, lint, type-check, every test suite
// (server on each database backend, web unit tests) and the end-to-end test in Chromium.
import { build, log, run, setup } from './setup.mjs';

const backends = process.env.TEST_DATABASES ?? 'sqlite,postgres';
const steps = [
  ['Checking formatting', 'npx', ['prettier', '--check', '.']],
  ['Linting', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['Type-checking', 'npm', ['run', 'typecheck']],
  ['Running unit and integration tests', 'npx', ['vitest', 'run']],
  ['Running end-to-end tests in Chromium', 'npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts']],
];

try {
  setup({ forTests: true });
  build({ force: true });
} catch (error) {
  process.stderr.write(`\n${error.message}\n`);
  process.exit(error.exitCode ?? 1);
}

// Every step runs even when an earlier one fails, so one run shows every problem.
const failed = [];
const began = Date.now();
const minutes = (since) => `${((Date.now() - since) / 60_000).toFixed(1)} min`;
for (const [title, cmd, args] of steps) {
  log(title);
  const stepBegan = Date.now();
  try {
    run(cmd, args, { env: { ...process.env, TEST_DATABASES: backends } });
  } catch (error) {
    process.stderr.write(`\n${error.message}\n`);
    failed.push(title);
  }
  log(`${title}: ${minutes(stepBegan)} (${minutes(began)} since set-up)`);
}
if (failed.length > 0) {
  log(`Failed: ${failed.join('; ')}`);
  process.exit(1);
}
log(`All checks passed. Database backends covered: ${backends.split(',').join(', ')}`);
