import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from '../../../lib/api-client.ts';
import { uploadCanBeRetried } from './upload-failure.ts';

const refusal = (status: number, code: string, param?: string) =>
  new HttpError(status, { status, errors: [{ message: 'No.', code, ...(param ? { param } : {}) }] });

describe('uploadCanBeRetried', () => {
  it('is false when the server refused the audio itself', () => {
    expect(uploadCanBeRetried(refusal(400, 'invalid', 'file'))).toBe(false);
    expect(uploadCanBeRetried(refusal(400, 'duration_too_long', 'file'))).toBe(false);
    expect(uploadCanBeRetried(refusal(400, 'empty', 'file'))).toBe(false);
    expect(uploadCanBeRetried(refusal(413, 'payload_too_large'))).toBe(false);
    expect(uploadCanBeRetried(refusal(415, 'unsupported_media_type'))).toBe(false);
  });

  it('is true when the same audio may get through later', () => {
    expect(uploadCanBeRetried(new NetworkError(null))).toBe(true);
    expect(uploadCanBeRetried(refusal(400, 'interrupted', 'file'))).toBe(true);
    expect(uploadCanBeRetried(refusal(429, 'rate_limited'))).toBe(true);
    expect(uploadCanBeRetried(refusal(500, 'server_error'))).toBe(true);
    expect(uploadCanBeRetried(refusal(503, 'server_error'))).toBe(true);
  });
});
