import { z } from 'zod';

/** A cursor-paged list: `next` and `previous` are opaque cursors (or null at either end). */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export interface Page<T> {
  next: string | null;
  previous: string | null;
  results: T[];
}

export const pageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
