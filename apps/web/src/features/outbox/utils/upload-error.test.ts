import { describe, expect, it } from 'vitest';
import { describeUploadFailure } from './upload-error.ts';

const body = (message: string, code = 'invalid') =>
  JSON.stringify({ status: 400, errors: [{ message, code }] });

describe('describeUploadFailure', () => {
  it('waits for the network when no answer came while offline', () => {
    expect(describeUploadFailure(null, false)).toMatchObject({ connectionLost: true, retryable: true });
    expect(describeUploadFailure({ method: 'PATCH', status: 0, body: '' }, false).message).toMatch(/offline/);
  });

  it('offers Retry when the server could not be reached while the browser thinks it is online', () => {
    const failure = describeUploadFailure(null, true);
    expect(failure).toMatchObject({ connectionLost: false, retryable: true });
    expect(failure.message).toMatch(/could not be reached/);
  });

  it('shows the server’s own words for refused audio and does not offer to send it again', () => {
    const failure = describeUploadFailure(
      {
        method: 'PATCH',
        status: 415,
        body: body('This file is not audio Voxpad can read.', 'unsupported_media_type'),
      },
      true,
    );
    expect(failure).toEqual({
      message: 'This file is not audio Voxpad can read.',
      retryable: false,
      connectionLost: false,
      uploadGone: false,
    });
    expect(describeUploadFailure({ method: 'POST', status: 413, body: '' }, true)).toMatchObject({
      retryable: false,
      message: 'The recording is larger than the server accepts.',
    });
  });

  it('starts over when the server no longer has a partial upload, but not when the pad is gone', () => {
    expect(
      describeUploadFailure({ method: 'PATCH', status: 410, body: body('Expired', 'upload_expired') }, true),
    ).toMatchObject({ uploadGone: true, retryable: true });
    expect(describeUploadFailure({ method: 'HEAD', status: 404, body: '' }, true).uploadGone).toBe(true);
    expect(describeUploadFailure({ method: 'POST', status: 404, body: '' }, true)).toMatchObject({
      uploadGone: false,
      retryable: false,
    });
  });

  it('treats server errors, rate limits and a signed-out session as worth retrying', () => {
    for (const status of [500, 503, 429, 423, 401, 403]) {
      expect(describeUploadFailure({ method: 'PATCH', status, body: '' }, true).retryable).toBe(true);
    }
    expect(describeUploadFailure({ method: 'PATCH', status: 400, body: '' }, true).retryable).toBe(false);
  });
});
