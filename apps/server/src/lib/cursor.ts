/**
 * Opaque cursors for id-ordered pages. A cursor names an id and the direction to read
 * from it: "after" walks towards older items (next page), "before" towards newer (previous).
 */
export interface Cursor {
  direction: 'after' | 'before';
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.direction === 'after' ? 'a' : 'b'}:${cursor.id}`).toString('base64url');
}

export function decodeCursor(raw: string): Cursor | undefined {
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  const match = /^([ab]):([0-9a-z]{26})$/.exec(text);
  if (!match) return undefined;
  return { direction: match[1] === 'a' ? 'after' : 'before', id: match[2]! };
}

/**
 * Turns rows fetched for one page (limit + 1 of them, in reading order) into the page and
 * its neighbours' cursors. Results are always returned newest first.
 */
export function toPage<T extends { id: string }>(
  rows: T[],
  limit: number,
  cursor: Cursor | undefined,
): { results: T[]; next: string | null; previous: string | null } {
  const hasMore = rows.length > limit;
  const slice = rows.slice(0, limit);
  if (cursor?.direction === 'before') {
    const results = slice.reverse();
    const first = results[0];
    const last = results[results.length - 1];
    return {
      results,
      next: last
        ? encodeCursor({ direction: 'after', id: last.id })
        : encodeCursor({ direction: 'after', id: cursor.id }),
      previous: hasMore && first ? encodeCursor({ direction: 'before', id: first.id }) : null,
    };
  }
  const first = slice[0];
  const last = slice[slice.length - 1];
  return {
    results: slice,
    next: hasMore && last ? encodeCursor({ direction: 'after', id: last.id }) : null,
    previous: cursor && first ? encodeCursor({ direction: 'before', id: first.id }) : null,
  };
}
