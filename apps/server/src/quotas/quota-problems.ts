import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { ApiProblem } from '../http/api-problem.ts';

/**
 * A quota refused the request. Rates (429) carry Retry-After: waiting helps. A full account
 * (403: pads, storage) carries none: only deleting something helps, so a client must not
 * retry. Storage is 403 rather than 413 (the request may be small: the account is full) or
 * 507 (a 5xx reads as a server fault to clients, which retry it, and to operators).
 * The OpenAI-compatible API renders the same refusal in its own shape.
 */
export class QuotaExceeded extends ApiProblem {
  constructor(
    status: 403 | 429,
    code: string,
    message: string,
    param: string | undefined,
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(
      status,
      [{ code, message, ...(param ? { param } : {}) }],
      retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) },
    );
    this.name = 'QuotaExceeded';
  }
}

/** How long a client is asked to wait for a busy /v1 before trying again. */
export const BUSY_RETRY_SECONDS = 10;

const rateLimited = (message: string, retryAfterSeconds: number, param?: string) =>
  new QuotaExceeded(
    429,
    API_ERROR_CODES.rateLimited,
    `${message} Try again in ${waitText(retryAfterSeconds)}.`,
    param,
    retryAfterSeconds,
  );

export const tooManyUploads = (limit: number, retryAfterSeconds: number) =>
  rateLimited(
    `You have started ${limit} uploads in the last hour, the most this server accepts from one account.`,
    retryAfterSeconds,
    'file',
  );

export const tooManyUploadBytes = (limit: number, retryAfterSeconds: number) =>
  rateLimited(
    `Uploads are limited to ${bytesText(limit)} an hour per account, and this one would go past it.`,
    retryAfterSeconds,
    'file',
  );

export const tooManyV1Requests = (limit: number, retryAfterSeconds: number) =>
  rateLimited(`Too many requests: this server takes ${limit} a minute from one account.`, retryAfterSeconds);

export const tooManyV1Transcriptions = (limit: number) =>
  rateLimited(
    `You already have ${limit} ${limit === 1 ? 'transcription' : 'transcriptions'} running, the most one account may run at once. Wait for one to finish.`,
    BUSY_RETRY_SECONDS,
  );

export const tooManyLiveStreams = (limit: number) =>
  rateLimited(
    `You already have ${limit} live ${limit === 1 ? 'transcription' : 'transcriptions'} open, the most one account may have at once. Stop one of them (or close the page that holds it).`,
    BUSY_RETRY_SECONDS,
  );

export const v1Busy = () => rateLimited('The server is busy with other transcriptions.', BUSY_RETRY_SECONDS);

const FINISH_OR_DELETE =
  'Finish or cancel those uploads, or delete voice notes you no longer need, to make room.';

/**
 * Storage refusals. `unfinished` is the room unfinished resumable uploads hold (the length
 * they declared); when they hold some, finishing or cancelling them is named as a way out.
 */
export const storageFull = (used: number, limit: number, unfinished = 0) =>
  new QuotaExceeded(
    403,
    API_ERROR_CODES.storageQuotaExceeded,
    unfinished > 0
      ? `Your storage is full: your recordings take ${bytesText(used)} and your unfinished uploads hold ${bytesText(unfinished)} of the ${bytesText(limit)} an account may keep. ${FINISH_OR_DELETE}`
      : `Your storage is full: your recordings take ${bytesText(used)} of the ${bytesText(limit)} an account may keep. Delete voice notes you no longer need to make room.`,
    'file',
    undefined,
  );

export const doesNotFit = (free: number, limit: number, unfinished = 0) =>
  new QuotaExceeded(
    403,
    API_ERROR_CODES.storageQuotaExceeded,
    unfinished > 0
      ? `This recording does not fit in your storage: ${bytesText(free)} of your ${bytesText(limit)} is left, as your unfinished uploads hold ${bytesText(unfinished)}. ${FINISH_OR_DELETE}`
      : `This recording does not fit in your storage: ${bytesText(free)} of your ${bytesText(limit)} is left. Delete voice notes you no longer need to make room.`,
    'file',
    undefined,
  );

export const tooManyPads = (limit: number) =>
  new QuotaExceeded(
    403,
    API_ERROR_CODES.padLimitReached,
    `You have ${limit.toLocaleString('en')} pads, the most an account may have. Delete a pad you no longer need to make a new one.`,
    undefined,
    undefined,
  );

/** "10 GB", "1.5 GB", "200 MB", "512 bytes": binary multiples, as the limits are set. */
export function bytesText(bytes: number): string {
  const units = ['KB', 'MB', 'GB', 'TB'];
  if (bytes < 1024) return `${Math.max(0, Math.round(bytes))} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = value < 10 ? Math.floor(value * 10) / 10 : Math.floor(value);
  return `${shown} ${units[unit]}`;
}

/** "45 s", "2 min", "1 h 5 min": how long to wait, rounded up so trying then succeeds. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.ceil(seconds))} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest > 0 ? `${Math.floor(minutes / 60)} h ${rest} min` : `${minutes / 60} h`;
}
