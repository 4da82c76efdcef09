import { Readable } from 'node:stream';
import type { Db } from '../db/database.ts';
import { ApiProblem, notFound } from '../http/api-problem.ts';
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { padExists } from '../pads/pads-repository.ts';
import { exportArchive, type ExportDeps } from './export-archive.ts';
import { countOwnedNotes, type ExportScope } from './export-repository.ts';

/** A zip ready to stream, with the name it downloads as. */
export interface ExportDownload {
  fileName: string;
  body: Readable;
}

/**
 * Checks the owner may export what they asked for (another user's pad or notes answer 404,
 * as if they did not exist), then starts the zip. Nothing is read before the first byte is
 * asked for.
 */
export async function startExport(
  deps: ExportDeps & { db: Db },
  ownerId: string,
  scope: ExportScope,
): Promise<ExportDownload> {
  if ('padId' in scope && !(await padExists(deps.db, ownerId, scope.padId))) throw notFound('This pad');
  if (
    'noteIds' in scope &&
    (await countOwnedNotes(deps.db, ownerId, scope.noteIds)) !== scope.noteIds.length
  ) {
    throw new ApiProblem(404, [
      {
        code: API_ERROR_CODES.notFound,
        param: 'ids',
        message: 'Some of these voice notes were not found. Reload the page and choose them again.',
      },
    ]);
  }
  const day = new Date().toISOString().slice(0, 10);
  const what = 'padId' in scope ? 'pad' : 'noteIds' in scope ? 'notes' : 'account';
  return {
    fileName: `voxpad-${what}-${day}.zip`,
    body: Readable.from(exportArchive(deps, ownerId, scope), { objectMode: false }),
  };
}
