/**
 * Removes audio no voice note references and fails waiting notes whose audio is gone, once:
 *
 *   npm run sweep            (same environment as the server: DATA_DIR, DATABASE_URL, S3_*)
 *
 * The API process does the same every SWEEPER_INTERVAL_MINUTES; this is for cron, or to
 * clean up right after an incident. Exit codes: 0 done, 1 failed, 78 configuration invalid.
 */
import path from 'node:path';
import { pino } from 'pino';
import { ConfigError, loadConfig } from '../config/config.ts';
import { createDatabase } from '../db/database.ts';
import { TranscriptionQueue } from '../jobs/transcription-queue.ts';
import { sweep } from '../maintenance/sweeper.ts';
import { createBlobStorage } from '../storage/create-blob-storage.ts';

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let config;
  try {
    // The sweeper sends no mail and builds no links: the server's PUBLIC_URL rule must not stop it.
    config = loadConfig({ PUBLIC_URL: 'http://localhost', ...env });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 78;
    }
    throw error;
  }
  const log = pino({ level: config.logLevel, base: { component: 'sweeper' } });
  const db = createDatabase(config.database);
  const storage = createBlobStorage(config.storage);
  try {
    const result = await sweep({
      db,
      storage,
      queue: new TranscriptionQueue(db, config.database.kind),
      log,
      graceMs: config.sweeper.graceMs,
    });
    process.stdout.write(
      `Sweep done: removed ${result.orphanedBlobs} unreferenced blob(s) (${result.orphanedBytes} bytes), ` +
        `marked ${result.notesWithoutAudio} voice note(s) without audio as failed.\n`,
    );
    return 0;
  } catch (error) {
    process.stderr.write(`sweep: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await db.destroy();
    storage.close?.();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${path.resolve(process.argv[1])}`).href) {
  process.exitCode = await main();
}
