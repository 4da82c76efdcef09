/**
 * The `shared` note filter (ADR 0045): a note is shared while a live link (ADR 0044) shows it.
 * Revoking a link deletes its row, so only expiry is checked here.
 */
import { expressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * True for a note of `ownerId` that a live link shows: a link to the note, or to its pad, that
 * has not expired at `now`. For queries that read `voice_notes` under its own name.
 */
export function isSharedNote(ownerId: string, now: number): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'voice_notes'>();
  return eb.exists(
    eb
      .selectFrom('shares')
      .select('shares.id')
      .where('shares.user_id', '=', ownerId)
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
