// `npm start`: install what is missing, build, then serve the app (SQLite, local files,
// pocketsphinx) on http://127.0.0.1:8080 with data under ./data. PORT and DATA_DIR override.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build, log, root, setup } from './setup.mjs';

try {
  setup();
  build();
} catch (error) {
  process.stderr.write(`\n${error.message}\n`);
  process.exit(error.exitCode ?? 1);
}

const env = {
  NODE_ENV: 'production',
  DATA_DIR: path.join(root, 'data'),
  WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
  ...process.env,
};
const port = env.PORT ?? '8080';
const host = env.HOST ?? '127.0.0.1';
// The server needs PUBLIC_URL in production for the links it mails; on this machine's own
// loopback the address it listens on is the one people open. Other hosts must set it.
if (!env.PUBLIC_URL && /^(localhost|127(\.\d{1,3}){3}|::1)$/i.test(host)) {
  env.PUBLIC_URL = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
// Production also needs SECRET_KEY (it seals two-factor secrets). On loopback, keep one made
// at random in the data directory, as the server itself does outside production.
if (!env.SECRET_KEY && /^(localhost|127(\.\d{1,3}){3}|::1)$/i.test(host)) {
  const keyFile = path.join(env.DATA_DIR, 'secret-key');
  if (!fs.existsSync(keyFile)) {
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    fs.writeFileSync(keyFile, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  }
  env.SECRET_KEY = fs.readFileSync(keyFile, 'utf8').trim();
}
log(`Starting on http://${host}:${port} (data in ${env.DATA_DIR})`);
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
