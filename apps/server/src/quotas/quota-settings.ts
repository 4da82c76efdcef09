import { z } from 'zod';

/**
 * Per-user limits that keep one account (or one stolen token) from running up the costs of
 * everyone else: CPU for transcription, disk for audio, bandwidth for uploads. The defaults
 * leave room for heavy normal use (a day of back-to-back recording, a bulk import) and stop
 * a script long before it hurts the machine.
 */
const GIB = 1024 * 1024 * 1024;
const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/** The environment variables behind QuotaSettings, merged into the config's schema. */
export const quotaEnv = {
  QUOTA_UPLOADS_PER_HOUR: count(120),
  QUOTA_UPLOAD_BYTES_PER_HOUR: count(2 * GIB),
  QUOTA_STORAGE_BYTES: count(10 * GIB),
  QUOTA_PADS_PER_USER: count(1000),
  QUOTA_V1_REQUESTS_PER_MINUTE: count(60),
  QUOTA_V1_CONCURRENCY_PER_USER: count(2),
  /** Unset: twice WORKER_CONCURRENCY (a request may decode while another is transcribed). */
  V1_CONCURRENCY: z.coerce.number().int().min(1).optional(),
  JOBS_PER_USER_CONCURRENCY: count(2),
};

export interface QuotaSettings {
  /** Uploads (voice notes and /v1 transcriptions) a user may start in a sliding hour. */
  uploadsPerHour: number;
  /** Bytes of accepted uploads a user may send in a sliding hour. */
  uploadBytesPerHour: number;
  /** Bytes of stored audio a user may keep. */
  storageBytes: number;
  padsPerUser: number;
  /** `/v1` requests a user may make in a sliding minute. */
  v1RequestsPerMinute: number;
  /** `/v1` transcriptions one user may run at once in this process. */
  v1ConcurrencyPerUser: number;
  /** `/v1` transcriptions this process runs at once, all users together. */
  v1Concurrency: number;
  /** Transcription jobs of one user running at once, across every worker. */
  jobsPerUser: number;
}

type QuotaEnv = z.output<z.ZodObject<typeof quotaEnv>>;

export function resolveQuotas(e: QuotaEnv, workerConcurrency: number): QuotaSettings {
  return {
    uploadsPerHour: e.QUOTA_UPLOADS_PER_HOUR,
    uploadBytesPerHour: e.QUOTA_UPLOAD_BYTES_PER_HOUR,
    storageBytes: e.QUOTA_STORAGE_BYTES,
    padsPerUser: e.QUOTA_PADS_PER_USER,
    v1RequestsPerMinute: e.QUOTA_V1_REQUESTS_PER_MINUTE,
    v1ConcurrencyPerUser: e.QUOTA_V1_CONCURRENCY_PER_USER,
    v1Concurrency: e.V1_CONCURRENCY ?? 2 * workerConcurrency,
    jobsPerUser: e.JOBS_PER_USER_CONCURRENCY,
  };
}
