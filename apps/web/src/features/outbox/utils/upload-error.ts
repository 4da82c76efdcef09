import { apiErrorResponseSchema } from '@voxpad/shared/api-errors';

export interface UploadFailure {
  /** What happened and what to do, for the person. */
  message: string;
  /** Whether sending the same audio again can succeed. */
  retryable: boolean;
  /** The connection, not the server, stopped the upload: wait for it instead of failing. */
  connectionLost: boolean;
  /** The server no longer has the partial upload (it expired): send again from the first byte. */
  uploadGone: boolean;
}

/** What a failed tus request left: the HTTP status (0 when none came back) and the body. */
export interface FailedResponse {
  /** The request's method: a lost PATCH or HEAD means the partial upload, not the pad, is gone. */
  method: string;
  status: number;
  body: string;
}

/**
 * Statuses a later attempt can get past: the server was busy, locked the upload or timed
 * out; or the person can fix it (sign in again, free storage).
 */
const TRANSIENT: ReadonlySet<number> = new Set([0, 401, 403, 408, 409, 423, 429]);

function serverMessage(body: string): string | null {
  try {
    const parsed = apiErrorResponseSchema.safeParse(JSON.parse(body));
    return parsed.success ? (parsed.data.errors[0]?.message ?? null) : null;
  } catch {
    return null;
  }
}

const failure = (message: string, retryable: boolean): UploadFailure => ({
  message,
  retryable,
  connectionLost: false,
  uploadGone: false,
});

/**
 * Reads a failed upload attempt. The server explains refusals (format, size, length, quota)
 * in words; those are shown as they are. A missing answer while the browser is offline is a
 * lost connection, which the outbox waits out.
 */
export function describeUploadFailure(response: FailedResponse | null, online: boolean): UploadFailure {
  const status = response?.status ?? 0;
  if (status === 0) {
    return {
      message: online
        ? 'The server could not be reached. The recording is kept here; press Retry in a moment.'
        : 'You are offline. The recording is kept here and uploads when you are back online.',
      retryable: true,
      connectionLost: !online,
      uploadGone: false,
    };
  }
  if ((status === 404 || status === 410) && response && response.method !== 'POST') {
    return {
      message: 'The server no longer has the part already sent; sending again from the start.',
      retryable: true,
      connectionLost: false,
      uploadGone: true,
    };
  }
  const retryable = status >= 500 || TRANSIENT.has(status);
  const said = response ? serverMessage(response.body) : null;
  if (said) return failure(said, retryable);
  switch (status) {
    case 401:
    case 403:
      return failure('The server did not accept the upload. Log in again, then press Retry.', true);
    case 404:
      return failure('The pad for this recording no longer exists, so it cannot be uploaded there.', false);
    case 413:
      return failure('The recording is larger than the server accepts.', false);
    case 415:
      return failure('The server does not recognise this file as audio it can transcribe.', false);
  }
  return retryable
    ? failure(
        `The server had a problem (status ${status}). The recording is kept here; press Retry in a moment.`,
        true,
      )
    : failure(`The server refused the upload (status ${status}).`, false);
}
