/** Child process for benches: a bare Fastify hello-world, the yardstick for framework cost. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
