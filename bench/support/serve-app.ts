/**
 * Child process for benches: the real server (configured from the environment, as in
 * production) on a free loopback port. Prints `{"port": N}` once listening.
 */
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/config.ts';

const { app } = await buildApp(loadConfig({ ...process.env, HOST: '127.0.0.1', PORT: '0' }), {
  warmLiveDecoder: true,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
