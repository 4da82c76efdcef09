import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CountingProxy {
  /** For Chromium's --proxy-server. */
  url: string;
  /** Request body bytes that went through to the server, by method and path prefix. */
  bytesSent: (method: string, pathPrefix: string) => number;
  close: () => Promise<void>;
}

export interface ProxyOptions {
  /**
   * Holds the server's answer to a request back this long (a slow network on the way back):
   * the server has acted, the browser has not heard yet.
   */
  answerDelayMs?: (method: string, path: string) => number;
}

/**
 * A plain HTTP forward proxy that counts the request body bytes passing through it: what the
 * browser really sent the server, cut-off requests included. Loopback only.
 */
export async function startCountingProxy(options: ProxyOptions = {}): Promise<CountingProxy> {
  const counts = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const target = new URL(request.url ?? '/');
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: `${target.pathname}${target.search}`,
        headers: request.headers,
      },
      (answer) => {
        const delay = options.answerDelayMs?.(request.method ?? '', target.pathname) ?? 0;
        setTimeout(() => {
          if (response.destroyed) return;
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        }, delay);
      },
    );
    upstream.on('error', () => response.destroy());
    // The browser dropped the request (offline): so does the proxy, like a cut connection.
    request.on('aborted', () => upstream.destroy());
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    const key = `${request.method ?? ''} ${target.pathname}`;
    request.on('data', (chunk: Buffer) => counts.set(key, (counts.get(key) ?? 0) + chunk.length));
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bytesSent: (method, pathPrefix) =>
      [...counts].reduce(
        (sum, [key, bytes]) => (key.startsWith(`${method} ${pathPrefix}`) ? sum + bytes : sum),
        0,
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
