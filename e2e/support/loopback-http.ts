import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts `server` listening on a free port of `host` (a loopback address) and answers the port. */
export async function listenOnLoopback(server: http.Server, host = '127.0.0.1'): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

/** Stops `server`; resolves once it has closed. */
export function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
