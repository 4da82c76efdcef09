/**
 * The `shared` note filter, kept apart on purpose (ADR 0045): share links are another feature's
 * table, `shares` (migration 0023), made in parallel with this one. Its columns are declared here,
 * only for this condition, instead of in db/schema.ts, so this file is the one place to change
 * when that table's type joins the schema (then `SharesColumns` goes and `Database` is used).
 * Until that migration has run, a `shared` filter answers a database error.
 */
import { expressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The columns of `shares` this condition reads. */
interface SharesColumns {
  id: string;
  user_id: string;
  note_id: string | null;
  pad_id: string | null;
  revoked_at: number | null;
  expires_at: number | null;
}

type WithShares = Database & { shares: SharesColumns };

/**
 * True for a note of `ownerId` that a live link shows: a link to the note, or to its pad, that is
 * neither revoked nor expired at `now`. For queries that read `voice_notes` under its own name.
 */
export function isSharedNote(ownerId: string, now: number): Expression<SqlBool> {
  const eb = expressionBuilder<WithShares, 'voice_notes'>();
  return eb.exists(
    eb
      .selectFrom('shares')
      .select('shares.id')
      .where('shares.user_id', '=', ownerId)
      .where('shares.revoked_at', 'is', null)
      .where((inner) =>
        inner.or([inner('shares.expires_at', 'is', null), inner('shares.expires_at', '>', now)]),
      )
      .where((inner) =>
        inner.or([
          inner('shares.note_id', '=', inner.ref('voice_notes.id')),
          inner('shares.pad_id', '=', inner.ref('voice_notes.pad_id')),
        ]),
      ),
  );
}
