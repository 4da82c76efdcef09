/** The tags' refusals, in the product API's error shape, worded for the person. */
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { TAG_ERROR_CODES } from '@voxpad/shared/tags';
import { ApiProblem, badRequest, notFound } from '../http/api-problem.ts';

export const tagNotFound = () => notFound('This tag');

export const mergeTargetNotFound = () =>
  new ApiProblem(404, [
    { code: API_ERROR_CODES.notFound, param: 'into', message: 'The tag to merge into was not found.' },
  ]);

export const mergeIntoItself = () =>
  badRequest('A tag cannot be merged into itself. Choose another tag.', 'into');

/** 409: the name is another tag's; the person may merge the two instead. */
export const tagExists = (name: string) =>
  new ApiProblem(409, [
    {
      code: TAG_ERROR_CODES.tagExists,
      param: 'name',
      message: `You already have a tag called "${name}". Choose another name, or merge this tag into it.`,
    },
  ]);

export const tooManyTagsOnNote = (limit: number) =>
  badRequest(
    `A voice note can have at most ${limit} tags. Remove some, then try again.`,
    'tags',
    TAG_ERROR_CODES.tooManyTagsOnNote,
  );

/** 409, as for vocabulary words: waiting does not help, deleting a tag does. */
export const tagLimitReached = (limit: number) =>
  new ApiProblem(409, [
    {
      code: TAG_ERROR_CODES.tagLimitReached,
      param: 'tags',
      message: `You already have ${limit} tags, the most one account can keep. Delete or merge tags you no longer need, or use an existing tag.`,
    },
  ]);
