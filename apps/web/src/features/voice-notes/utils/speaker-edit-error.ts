import { isHttpError } from '../../../lib/api-client.ts';

/**
 * What a refused speaker edit says: the server's own words (409 while the note is being
 * transcribed or has no speakers, 404 for a speaker gone meanwhile), or a network failure.
 */
export function speakerEditError(failure: unknown): string {
  if (isHttpError(failure)) return failure.errors[0]?.message ?? failure.message;
  return 'The speakers could not be changed: the server could not be reached. Try again in a moment.';
}
