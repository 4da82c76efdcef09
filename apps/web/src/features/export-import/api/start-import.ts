import { importStartedSchema, type ImportStarted } from '@voxpad/shared/export-import';
import { apiClient } from '../../../lib/api-client.ts';

/** POST pad/{id}/import/ with the zip as the body -> 202 with where its progress is read. */
export function startImport(
  padId: string,
  zip: File,
  onProgress: (progress: { loaded: number; total: number }) => void,
): Promise<ImportStarted> {
  return apiClient.upload(`pad/${encodeURIComponent(padId)}/import/`, importStartedSchema, {
    body: zip,
    headers: { 'Content-Type': 'application/zip' },
    onProgress,
  });
}
