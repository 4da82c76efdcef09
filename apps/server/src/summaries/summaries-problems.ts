/** The summaries' refusals, in the product API's error shape, worded for the person (ADR 0052). */
import { SUMMARY_ERROR_CODES } from '@voxpad/shared/summaries';
import { ApiProblem, notFound } from '../http/api-problem.ts';

export const noteNotFound = () => notFound('This voice note');
export const padNotFound = () => notFound('This pad');

/** 409: asking again does not help until an administrator configures a model. */
export const summariesNotConfigured = () =>
  new ApiProblem(409, [
    {
      code: SUMMARY_ERROR_CODES.notConfigured,
      message:
        'Summaries are turned off on this server: no language model is configured, so nothing was sent ' +
        'anywhere. An administrator can turn them on by setting LLM_BASE_URL and LLM_MODEL.',
    },
  ]);

export const noteNotReady = () =>
  new ApiProblem(409, [
    {
      code: SUMMARY_ERROR_CODES.noteNotReady,
      message: 'This note has no transcript yet. Wait until it is transcribed, then ask for a summary.',
    },
  ]);

export const noSummaryYet = () =>
  new ApiProblem(404, [
    {
      code: SUMMARY_ERROR_CODES.noSummary,
      message: 'This note has no summary yet. Ask for one to have it written.',
    },
  ]);
