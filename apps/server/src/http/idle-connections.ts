import type { FastifyInstance } from 'fastify';

/** How often a closing server looks again for connections that have gone idle. */
const POLL_MS = 200;

/**
 * Lets a closing server end without waiting out keep-alive. Node's server.close() closes the
 * connections idle at that moment, once; one whose response was still going out (or had just
 * gone, its bookkeeping a tick behind) stayed open until its keep-alive timeout (72 s under
 * Fastify), and the shutdown waited for it: a restored server took 70 s to close in the backup
 * test, and a real one would hit its 30 s shutdown bound. So, until the server has closed, idle
 * connections are closed again every POLL_MS; requests in flight still finish.
 */
export function closeIdleConnectionsWhileClosing(app: FastifyInstance): void {
  app.addHook('preClose', (done) => {
    const server = app.server;
    const poll = setInterval(() => server.closeIdleConnections(), POLL_MS);
    poll.unref();
    server.once('close', () => clearInterval(poll));
    done();
  });
}
