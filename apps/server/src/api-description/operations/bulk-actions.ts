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
      'Move (`pad_id`), tag and untag (`tags`), re-transcribe, delete (undone by `restore` within the undo ' +
      'window). Every id is checked first: if any cannot take the action, nothing changes and each ' +
      'failing id is named by its place (`param: "ids[3]"`). `tag` adds the names in `tags` to every ' +
      'note, making tags not seen before, e.g. `{"ids": ["01J..."], "action": "tag", "tags": ["work"]}` ' +
      'answers `{"action": "tag", "tagged": 1}` (notes that gained a tag); `untag` removes them and ' +
      'answers `untagged`, the notes that lost one. A note that would carry more tags than one note may ' +
      'is named with `too_many_tags_on_note`.',
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
        'Notes that cannot take the action (too many tags, not restorable, or nothing to re-transcribe), ' +
          'each named, or the account has as many tags as it may keep; nothing changed.',
      ),
    },
  },
];
