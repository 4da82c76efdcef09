import type { FastifyBaseLogger } from 'fastify';

export interface ExpiringUploads {
  cleanUpExpired(): Promise<number>;
}

const MIN_INTERVAL_MS = 1000;
const MAX_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Removes expired uploads (no bytes for UPLOAD_EXPIRY_HOURS, or started longer ago than
 * UPLOAD_MAX_LIFETIME_HOURS) in the API process, a few times per `expiryMs`, the shorter of
 * the two. Every API process runs it; removing an upload twice is harmless. `stop` waits for
 * a pass under way, so the database is not closed beneath it.
 */
export function startUploadExpiry(uploads: ExpiringUploads, expiryMs: number, log: FastifyBaseLogger) {
  const intervalMs = Math.min(MAX_INTERVAL_MS, Math.max(MIN_INTERVAL_MS, Math.round(expiryMs / 4)));
  let running: Promise<void> | undefined;
  const pass = async () => {
    try {
      const removed = await uploads.cleanUpExpired();
      if (removed > 0) log.info({ removed }, 'expired uploads removed');
    } catch (err) {
      log.error({ err }, 'removing expired uploads failed');
    }
  };
  const timer = setInterval(() => {
    running ??= pass().finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
