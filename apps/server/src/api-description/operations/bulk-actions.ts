import { bulkActionRequestSchema, bulkActionResultSchema } from '@voxpad/shared/bulk-actions';
import { jsonBody, named, ok, problem, type ApiOperation } from '../operation.ts';

const Result = named('BulkActionResult', bulkActionResultSchema);

export const bulkActionOperations: ApiOperation[] = [
  {
    method: 'POST',
    path: '/voicenote/bulk/',
    id: 'bulkAction',
    tag: 'Voice notes',
    summary: 'One action on many voice notes, all or nothing',
    description:
      'Move, re-transcribe, delete (undone by `restore` within the undo window) and the other actions the ' +
      'body lists. Every id is checked first: if any cannot take the action, nothing changes and each ' +
      'failing id is named by its place (`param: "ids[3]"`).',
    auth: 'session',
    body: jsonBody(named('BulkActionRequest', bulkActionRequestSchema), {
      ids: ['01J...', '01K...'],
      action: 'move',
      pad_id: '01P...',
    }),
    responses: {
      200: ok('Done, for every note.', Result),
      202: ok('Re-transcription queued.', Result),
      404: problem('Ids (or the pad) that do not exist or are not yours, each named; nothing changed.'),
      409: problem(
        'Notes that cannot take the action (or nothing to re-transcribe), each named; nothing changed.',
      ),
    },
  },
];
