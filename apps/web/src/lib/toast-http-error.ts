import { toast } from './toast.ts';
import { httpStatusOf, isHttpError } from './api-client.ts';

export function httpErrorMessage(status: number): string {
  return `HTTP error! status: ${status}`;
}

/**
 * Shows a failed call as an error toast. HTTP failures read 'HTTP error! status: {status}' with
 * the server's own explanation beneath; other failures (offline, ...) show their message.
 */
export function toastHttpError(error: unknown): void {
  const status = httpStatusOf(error);
  if (status !== undefined) {
    const detail = isHttpError(error) ? error.errors[0]?.message : undefined;
    toast.error(httpErrorMessage(status), detail ? { description: detail } : undefined);
    return;
  }
  toast.error(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
}
