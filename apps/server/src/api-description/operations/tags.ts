import { mergeTagSchema, renameTagSchema, tagListSchema, tagSchema } from '@voxpad/shared/tags';
import { jsonBody, named, noContent, notFound, ok, problem, type ApiOperation } from '../operation.ts';

const Tag = named('Tag', tagSchema);
const tag = { tagId: 'The tag’s id.' };

export const tagOperations: ApiOperation[] = [
  {
    method: 'GET',
    path: '/tags/',
    id: 'listTags',
    tag: 'Tags',
    summary: 'Your tags, with how many notes carry each',
    description: 'A note’s tags are set with its PATCH (`tags`); notes are filtered by `tag`.',
    auth: 'session',
    responses: { 200: ok('Every tag of the account.', named('TagList', tagListSchema)) },
  },
  {
    method: 'PATCH',
    path: '/tags/{tagId}/',
    id: 'renameTag',
    tag: 'Tags',
    summary: 'Rename a tag',
    description: 'Onto another tag’s name: 409, unless `merge` is true, which merges the two.',
    auth: 'session',
    pathParams: tag,
    body: jsonBody(named('RenameTag', renameTagSchema), { name: 'garden' }),
    responses: {
      200: ok('The tag as it now is.', Tag),
      404: notFound('The tag'),
      409: problem('Another tag has that name (`tag_exists`): send `merge: true` to merge them.'),
    },
  },
  {
    method: 'POST',
    path: '/tags/{tagId}/merge/',
    id: 'mergeTag',
    tag: 'Tags',
    summary: 'Merge a tag into another',
    description: 'Its notes carry `into` instead, and this tag is gone.',
    auth: 'session',
    pathParams: tag,
    body: jsonBody(named('MergeTag', mergeTagSchema), { into: '01J...' }),
    responses: {
      200: ok('The tag merged into.', Tag),
      400: problem('A tag cannot be merged into itself.'),
      404: notFound('A tag'),
    },
  },
  {
    method: 'DELETE',
    path: '/tags/{tagId}/',
    id: 'deleteTag',
    tag: 'Tags',
    summary: 'Delete a tag',
    description: 'It leaves every note that carried it; the notes stay.',
    auth: 'session',
    pathParams: tag,
    responses: { 204: noContent('The tag is gone.'), 404: notFound('The tag') },
  },
];
