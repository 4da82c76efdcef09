// `npm start`: install what is missing, build, then serve the app (SQLite, local files,
// pocketsphinx) at http://localhost:8080 with data under ./data. PORT and DATA_DIR override.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build, log, longStep, root, setup } from './setup.mjs';
import { startBanner, startEnvironment } from './start-config.mjs';

try {
  setup();
  longStep(
    'Building what changed (web app, server)',
    'a minute or two after a change, seconds otherwise',
    () => build(),
  );
} catch (error) {
  process.stderr.write(`\n${error.message}\n`);
  process.exit(error.exitCode ?? 1);
}

const { env, loopback, listening, readyUrl } = startEnvironment(process.env, root);
// Production also needs SECRET_KEY (it seals two-factor secrets). On loopback, keep one made
// at random in the data directory, as the server itself does outside production.
if (!env.SECRET_KEY && loopback) {
  const keyFile = path.join(env.DATA_DIR, 'secret-key');
  if (!fs.existsSync(keyFile)) {
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    fs.writeFileSync(keyFile, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  }
  env.SECRET_KEY = fs.readFileSync(keyFile, 'utf8').trim();
}
log(`Starting the server on ${listening} (data in ${env.DATA_DIR})`);
const server = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'apps/server/dist/server.js')],
  {
    stdio: 'inherit',
    env,
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

// Once it answers, say where to open it and where mail goes.
const deadline = Date.now() + 120_000;
while (server.exitCode === null && Date.now() < deadline) {
  const ready = await fetch(readyUrl).then(
    (response) => response.ok,
    () => false,
  );
  if (ready) {
    for (const line of startBanner({ env, listening })) log(line);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
