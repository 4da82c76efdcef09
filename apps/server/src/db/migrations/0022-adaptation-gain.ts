import type { Kysely } from 'kysely';

/**
 * How much a person's build helps (ADR 0043): the word error rate of the stock model and of a
 * build made without some of their reviewed notes, on those notes, and how many notes and
 * seconds of recording that was. All null while nothing was measured (too few notes, or a build
 * from before this column). Only `adaptation_states` (migration 0020) changes, so this applies
 * after 0020 whatever else comes between.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [column, type] of [
    ['gain_wer_before', 'double precision'],
    ['gain_wer_after', 'double precision'],
    ['gain_notes', 'integer'],
    ['gain_seconds', 'double precision'],
  ] as const) {
    await db.schema.alterTable('adaptation_states').addColumn(column, type).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['gain_seconds', 'gain_notes', 'gain_wer_after', 'gain_wer_before']) {
    await db.schema.alterTable('adaptation_states').dropColumn(column).execute();
  }
}
