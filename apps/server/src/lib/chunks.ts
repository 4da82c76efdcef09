/** Rows read at a time: keeps `in (...)` lists far below SQLite's bound-parameter limit. */
export const ID_CHUNK = 250;

/** `items` in consecutive slices of at most `size`, for statements that name many ids. */
export function chunks<T>(items: readonly T[], size = ID_CHUNK): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}
