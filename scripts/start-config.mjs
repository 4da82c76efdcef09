// How `npm start` configures the server it starts, and what it says once the server is up.
import path from 'node:path';

/** Arenas for glibc's malloc, one per core of a small machine (ADR 0061); read at process start. */
export const MALLOC_ARENAS = '2';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1)$/i;

/**
 * The server's environment: production, data under ./data, the built web app, and on this
 * machine's loopback a PUBLIC_URL naming the site localhost. Browsers accept passkeys there
 * and never at an IP address; the server still answers at 127.0.0.1 (scripts, bookmarks).
 * The server needs PUBLIC_URL in production for the links it mails; other hosts must set it.
 * glibc's malloc gets MALLOC_ARENA_MAX arenas (ADR 0061): the decoder threads allocate in native
 * code, and each arena glibc would give them keeps what it held after a decode.
 */
export function startEnvironment(processEnv, root) {
  const env = {
    NODE_ENV: 'production',
    MALLOC_ARENA_MAX: MALLOC_ARENAS,
    DATA_DIR: path.join(root, 'data'),
    WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
    ...processEnv,
  };
  const port = env.PORT ?? '8080';
  const host = env.HOST ?? '127.0.0.1';
  const loopback = LOOPBACK.test(host);
  if (!env.PUBLIC_URL && loopback) env.PUBLIC_URL = `http://localhost:${port}`;
  const bracketed = host.includes(':') ? `[${host}]` : host;
  const probeHost = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : bracketed;
  return {
    env,
    loopback,
    listening: `http://${bracketed}:${port}`,
    readyUrl: `http://${probeHost}:${port}/readyz`,
  };
}

/** The lines to print once the server answers: where to open it and where mail goes. */
export function startBanner({ env, listening }) {
  const site = env.PUBLIC_URL ?? listening;
  const lines = [`Voxpad is up: open ${site}`];
  if (site !== listening) lines.push(`  (it answers at ${listening} too; passkeys work only at ${site})`);
  if (env.SMTP_URL) {
    lines.push(`Mail goes out through the SMTP server at ${smtpHost(env.SMTP_URL)} (SMTP_URL).`);
  } else {
    lines.push(
      `Mail: no SMTP_URL is set, so nothing is sent. Each mail is kept in ${path.join(env.DATA_DIR, 'outbox')} ` +
        'and its links are printed here ("No SMTP_URL set, so this mail was not sent…"): ' +
        'open the confirmation link from there to confirm your account.',
    );
  }
  lines.push('Stop with Ctrl+C.');
  return lines;
}

/** The host and port of an SMTP URL, never its credentials. */
function smtpHost(url) {
  try {
    return new URL(url).host;
  } catch {
    return 'the configured address';
  }
}
