import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts `server` listening on a free port of `host` (a loopback address: a stand-in the built
 * server talks to, e.g. a webhook receiver or a fake transcription engine) and answers its
 * origin, e.g. http://127.0.0.1:41234.
 */
export async function listenOnLoopback(server: http.Server, host = '127.0.0.1'): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return `http://${host}:${(server.address() as AddressInfo).port}`;
}

/** Stops `server` taking connections; resolves once those open have ended. */
export function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
