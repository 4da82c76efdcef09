import { apiClient } from '../../../lib/api-client.ts';

/**
 * Where the zips download from. Plain links, not fetches: the browser streams the download to
 * disk itself, whatever its size, and shows its own progress.
 */
export function padExportUrl(padId: string): string {
  return apiClient.url(`/api/v1/pad/${encodeURIComponent(padId)}/export.zip`);
}

export function accountExportUrl(): string {
  return apiClient.url('/api/v1/export.zip');
}
