/**
 * What an import refuses, worded for the person who chose the zip: the whole zip (answered
 * at once, nothing imported) and one file in it (shown beside the file in the progress).
 */
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { IMPORT_ERROR_CODES } from '@voxpad/shared/export-import';
import { ACCEPTED_AUDIO_FORMATS } from '@voxpad/shared/voice-notes';
import { ApiProblem } from '../http/api-problem.ts';
import type { ZipRefusal } from '../zip/zip-reader.ts';

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${Math.floor(bytes / MB)} MB`;
const formats = `${ACCEPTED_AUDIO_FORMATS.slice(0, -1).join(', ')} or ${ACCEPTED_AUDIO_FORMATS.at(-1)}`;

const problem = (status: number, code: string, message: string) =>
  new ApiProblem(status, [{ code, message, param: 'file' }]);

export const notZipType = () =>
  new ApiProblem(415, [
    {
      code: API_ERROR_CODES.unsupportedMediaType,
      message: 'Send the zip file itself as the request body, with Content-Type application/zip.',
    },
  ]);

export const zipTooLarge = (maxBytes: number) =>
  problem(
    413,
    API_ERROR_CODES.payloadTooLarge,
    `This zip is too large to import. The limit is ${megabytes(maxBytes)}; split it into smaller zips.`,
  );

export const importRunning = () =>
  problem(
    409,
    IMPORT_ERROR_CODES.importRunning,
    'An import of yours is still running. Wait until it has finished, then import this zip.',
  );

export const unknownSchemaVersion = (version: unknown) =>
  problem(
    400,
    IMPORT_ERROR_CODES.unknownSchemaVersion,
    `This export was made by a newer or unknown version of Voxpad (format version ${JSON.stringify(version)}). Update Voxpad, or export the notes again.`,
  );

export const brokenManifest = (detail: string) =>
  problem(
    400,
    IMPORT_ERROR_CODES.damagedZip,
    `The manifest.json in this zip is damaged (${detail}), so its notes cannot be matched to their files. Export the notes again.`,
  );

export const nothingToImport = () =>
  problem(
    400,
    IMPORT_ERROR_CODES.nothingToImport,
    `This zip holds no recordings to import. Import a Voxpad export, or a zip of recordings (${formats}).`,
  );

/** The zip as a whole cannot be read, or is not safe to read. */
export function zipRefused(
  refusal: ZipRefusal,
  limits: { maxEntries: number; maxUncompressedBytes: number },
) {
  const entry = refusal.entryName === undefined ? '' : ` ("${refusal.entryName}")`;
  switch (refusal.kind) {
    case 'not_a_zip':
      return problem(
        400,
        IMPORT_ERROR_CODES.notAZip,
        'This file is not a zip. Choose a .zip file to import.',
      );
    case 'damaged':
      return problem(
        400,
        IMPORT_ERROR_CODES.damagedZip,
        `This zip is damaged${entry}: its data does not match its checksums or it ends early. Download or make the zip again.`,
      );
    case 'unsafe_path':
      return problem(
        400,
        IMPORT_ERROR_CODES.unsafePath,
        `This zip holds a file whose path leads outside the zip${entry}, which is not safe to unpack. Nothing was imported.`,
      );
    case 'symlink':
      return problem(
        400,
        IMPORT_ERROR_CODES.unsafePath,
        `This zip holds a symbolic link${entry}, which is not safe to unpack. Nothing was imported.`,
      );
    case 'encrypted':
      return problem(
        400,
        IMPORT_ERROR_CODES.encryptedZip,
        `This zip is password-protected${entry}. Make a zip without a password and import that.`,
      );
    case 'too_many_entries':
      return problem(
        413,
        IMPORT_ERROR_CODES.tooManyEntries,
        `This zip holds more than ${limits.maxEntries} files. Split it into smaller zips.`,
      );
    case 'too_large_uncompressed':
      return problem(
        413,
        IMPORT_ERROR_CODES.tooLargeUncompressed,
        `Unpacked, this zip would be larger than ${megabytes(limits.maxUncompressedBytes)}${entry}. Split it into smaller zips.`,
      );
  }
}

/** One file of an export whose recording was not in it. */
export const noAudioInExport = () =>
  "This note's recording was missing when it was exported, so there is nothing to file it with.";

export const fileFailed = () =>
  'This file could not be imported because of an error on our side. Try again later.';

export const importInterrupted = () =>
  'The import stopped before it finished (the server restarted). Notes imported so far are kept; import the zip again for the rest.';
