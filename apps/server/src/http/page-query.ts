import { LIMITS } from '@voxpad/shared/limits';
import { pageQuerySchema } from '@voxpad/shared/pagination';
import { decodeCursor, type Cursor } from '../lib/cursor.ts';
import { badRequest, parseInput } from './api-problem.ts';

export function readPageQuery(query: unknown): { cursor: Cursor | undefined; limit: number } {
  const parsed = parseInput(pageQuerySchema, query);
  const cursor = parsed.cursor ? decodeCursor(parsed.cursor) : undefined;
  if (parsed.cursor && !cursor) {
    throw badRequest('This page link is not valid. Start again from the first page.', 'cursor');
  }
  return { cursor, limit: parsed.limit ?? LIMITS.pageSizeDefault };
}
