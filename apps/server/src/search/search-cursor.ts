import { SEARCH_LIMITS } from '@voxpad/shared/search';

/**
 * Ranked results have no stable key to page from, so a search cursor is a position in the
 * ranking. It is opaque to clients like the list cursors, and bounded so deep pages stay cheap.
 */
export function encodeSearchCursor(offset: number): string {
  return Buffer.from(`s:${offset}`).toString('base64url');
}

export function decodeSearchCursor(raw: string): number | undefined {
  const match = /^s:(\d{1,6})$/.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  if (!match) return undefined;
  const offset = Number(match[1]);
  return offset <= SEARCH_LIMITS.offsetMax ? offset : undefined;
}
