/** The vocabulary's refusals, in the product API's error shape, worded for the person. */
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { ApiProblem, badRequest } from '../http/api-problem.ts';

export const unknownPad = () =>
  badRequest(
    'This pad was not found. Choose one of your pads, or none to use the word in every pad.',
    'pad_id',
  );

/** 409, as for API tokens: waiting does not help, removing a word does. */
export const tooManyWords = (limit: number) =>
  new ApiProblem(409, [
    {
      code: API_ERROR_CODES.vocabularyLimitReached,
      message: `You already have ${limit} words, the most one account can keep. Remove one you no longer need, then add this one.`,
    },
  ]);

export const duplicateWord = (word: string, padWide: boolean) =>
  new ApiProblem(409, [
    {
      code: API_ERROR_CODES.duplicateWord,
      param: 'word',
      message: padWide
        ? `"${word}" is in your words for this pad already. Edit that one instead.`
        : `"${word}" is in your words already. Edit that one instead.`,
    },
  ]);

export const unpronounceable = (piece: string, field: 'word' | 'sounds_like') =>
  badRequest(
    field === 'word'
      ? `We could not work out how "${piece}" is said. Add a "sounds like" spelling (e.g. "var oh ah") or type its phones.`
      : `We could not work out how "${piece}" is said. Spell it another way, or type its phones.`,
    field,
  );
