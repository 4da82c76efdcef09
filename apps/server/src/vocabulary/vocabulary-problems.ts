/** The vocabulary's refusals, in the product API's error shape, worded for the person. */
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { ApiProblem, badRequest } from '../http/api-problem.ts';
import { DictionaryUnavailableError } from './stock-dictionary.ts';

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

/** A whisper-only server has no pocketsphinx model; typed phones still work without it. */
export const dictionaryUnavailable = () =>
  new ApiProblem(503, [
    {
      code: API_ERROR_CODES.dictionaryUnavailable,
      message:
        'Voxpad cannot look up how words are said: the speech model’s dictionary is not installed on this server. Type the word’s phones instead, or ask whoever runs Voxpad to install pocketsphinx-en-us.',
    },
  ]);

/** Runs work that reads the stock dictionary, answering 503 in words when it cannot be read. */
export async function needingDictionary<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DictionaryUnavailableError) throw dictionaryUnavailable();
    throw error;
  }
}
