import { toast } from './toast.ts';
import { describe, expect, it, vi } from 'vitest';
import { HttpError, NetworkError } from './api-client.ts';
import { httpErrorMessage, toastHttpError } from './toast-http-error.ts';

describe('toastHttpError', () => {
  it("reads 'HTTP error! status: {status}' with the server's explanation beneath", () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 1);
    toastHttpError(
      new HttpError(404, { status: 404, errors: [{ message: 'Pad not found.', code: 'not_found' }] }),
    );
    expect(error).toHaveBeenCalledWith('HTTP error! status: 404', { description: 'Pad not found.' });
  });

  it('accepts a failed fetch Response too', () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 1);
    toastHttpError(new Response(null, { status: 503 }));
    expect(error).toHaveBeenCalledWith('HTTP error! status: 503', undefined);
  });

  it('shows other failures by their message', () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 1);
    toastHttpError(new NetworkError(null));
    expect(error).toHaveBeenCalledWith('Could not reach the server. Check your connection and try again.');
  });

  it('formats the message', () => {
    expect(httpErrorMessage(500)).toBe('HTTP error! status: 500');
  });
});
