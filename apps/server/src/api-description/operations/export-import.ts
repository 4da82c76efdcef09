import {
  exportSelectionQuerySchema,
  importProgressSchema,
  importStartedSchema,
} from '@voxpad/shared/export-import';
import { named, notFound, ok, problem, type ApiOperation } from '../operation.ts';
import { PAD } from './path-params.ts';

const zip = {
  description:
    'A zip, streamed: each note’s audio as recorded, its transcript as Markdown with front matter, TXT, SRT, ' +
    'VTT and JSON (word times and every version), and `manifest.json` (`schema_version` 1).',
  content: { contentTypes: ['application/zip'] },
  headers: [{ name: 'Content-Disposition', description: 'attachment, with the file name.', required: true }],
};

export const exportImportOperations: ApiOperation[] = [
  {
    method: 'GET',
    path: '/pad/{padId}/export.zip',
    id: 'exportPad',
    tag: 'Export and import',
    summary: 'A pad as a zip',
    auth: 'session',
    pathParams: PAD,
    responses: { 200: zip, 404: notFound('The pad') },
  },
  {
    method: 'GET',
    path: '/export.zip',
    id: 'exportAccount',
    tag: 'Export and import',
    summary: 'Everything, or chosen notes, as a zip',
    description: 'Without `ids`: every pad and note of the account. `ids=a,b`: those notes.',
    auth: 'session',
    query: exportSelectionQuerySchema,
    responses: {
      200: zip,
      400: problem('`ids` names no note, or too many.'),
      404: notFound('A note in `ids`'),
    },
  },
  {
    method: 'POST',
    path: '/pad/{padId}/import/',
    id: 'importIntoPad',
    tag: 'Export and import',
    summary: 'Import a zip into a pad',
    description:
      'A Voxpad export (the notes come back as they were, not transcribed again) or a zip of recordings ' +
      '(each becomes a note and is transcribed). The zip is checked whole before anything is filed.',
    auth: 'session',
    pathParams: PAD,
    body: { raw: { contentTypes: ['application/zip'], description: 'The zip.' } },
    responses: {
      202: ok('Started; follow `status_url`.', named('ImportStarted', importStartedSchema), [
        { name: 'Location', description: 'The progress resource.', required: true },
      ]),
      400: problem(
        'The zip is damaged, holds paths outside its root, holds no audio, or its manifest is unknown.',
      ),
      404: notFound('The pad'),
      409: problem('An import of this account is still running.'),
      413: problem('The zip, its files or their unpacked size are over the limits.'),
      415: problem('The body is not a zip.'),
    },
  },
  {
    method: 'GET',
    path: '/imports/{importId}/',
    id: 'readImport',
    tag: 'Export and import',
    summary: 'How an import is going',
    description: 'Each file with its status and, when it failed, why.',
    auth: 'session',
    pathParams: { importId: 'The import’s id.' },
    responses: {
      200: ok('The import and its files.', named('ImportProgress', importProgressSchema)),
      404: notFound('The import'),
    },
  },
];
