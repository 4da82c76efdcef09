/**
 * Closing the server while a keep-alive request is in flight: the request finishes, and the
 * close ends as soon as it has, instead of waiting out the connection's keep-alive timeout
 * (72 s under Fastify), which Node's single closeIdleConnections() at server.close() left open
 * (http/idle-connections.ts).
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../support/test-app.ts';

/** Far below the keep-alive timeout (72 s), far above a close on a busy machine. */
const CLOSE_BOUND_MS = 15_000;

describe('closing the server', () => {
  it('lets a request in flight finish, then closes without waiting out keep-alive', async () => {
    const server = await startTestApp(
      {},
      {
        instrument: (app) => {
          app.get('/test/slow-answer', async () => {
            await new Promise((resolve) => setTimeout(resolve, 500));
            return { answered: true };
          });
        },
      },
    );
    const agent = new http.Agent({ keepAlive: true });
    try {
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        http
          .get(`${server.baseUrl}/test/slow-answer`, { agent }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          })
          .on('error', reject);
      });
      // The request is in the handler when the close begins.
      await new Promise((resolve) => setTimeout(resolve, 150));
      const closing = server.close().then(() => 'closed' as const);
      const { status, body } = await answer;
      expect(status).toBe(200);
      expect(JSON.parse(body)).toEqual({ answered: true });
      const timeout = new Promise<'still open'>((resolve) =>
        setTimeout(() => resolve('still open'), CLOSE_BOUND_MS).unref(),
      );
      expect(await Promise.race([closing, timeout])).toBe('closed');
    } finally {
      agent.destroy();
    }
  }, 60_000);
});
