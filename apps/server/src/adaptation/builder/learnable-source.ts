/**
 * What a rebuild learns from, behind one small interface (ADR 0038). The review change
 * (migration 0019: `learnableNotes`) and the vocabulary change (migration 0018: `vocabularyFor`)
 * will implement it over their tables when merged; until then `editedNotesSource` reads notes
 * whose transcript a person edited (an edit is a correction).
 */
import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export interface LearnableNote {
  id: string;
  /** The final text, as the person corrected or confirmed it. */
  text: string;
  /**
   * The same words as spoken ("four hundred dollars" where the text reads "$400"): what a
   * decode of the recording is scored against (ADR 0043). The text where no timed words exist.
   */
  spoken: string;
  title: string;
  /** Blob key of the recording. */
  audioKey: string;
  durationSeconds: number;
  /** When the text last changed: a changed note changes the build's source hash. */
  updatedAt: number;
}

export interface VocabularyWord {
  /** The dictionary word: lower case, a phrase's words joined with "_". */
  word: string;
  /** ARPAbet phones, as the dictionary spells them. */
  phones: string[];
  /** As the person wrote it ("Zarvokin", "Tarn Hows"), given back in transcripts. */
  written: string;
}

export interface LearnableTotals {
  notes: number;
  seconds: number;
  words: number;
}

export interface LearnableSource {
  notes(userId: string): Promise<LearnableNote[]>;
  vocabulary(userId: string): Promise<VocabularyWord[]>;
  /** Cheap totals, for deciding whether enough is new to rebuild by itself. */
  totals(userId: string): Promise<LearnableTotals>;
  /** Users with learnable text changed at or after `since` (ms), for the auto-rebuild check. */
  usersChangedSince(since: number): Promise<string[]>;
}

/** The totals of the owner's notes among `learnable` (a source's notes, everybody's). */
export async function learnableTotals(
  learnable: SelectQueryBuilder<Database, 'voice_notes', object>,
  userId: string,
): Promise<LearnableTotals> {
  const row = await learnable
    .select((eb) => [
      eb.fn.countAll<number>().as('notes'),
      eb.fn.sum<number>('duration_seconds').as('seconds'),
      eb.fn.sum<number>('word_count').as('words'),
    ])
    .where('owner_id', '=', userId)
    .executeTakeFirst();
  return {
    notes: Number(row?.notes ?? 0),
    seconds: Number(row?.seconds ?? 0),
    words: Number(row?.words ?? 0),
  };
}

/** Until review (0019) and vocabulary (0018) merge: edited transcripts of finished notes, no vocabulary. */
export function editedNotesSource(db: Db): LearnableSource {
  const edited = () =>
    db
      .selectFrom('voice_notes')
      .where('status', '=', 'done')
      .where('transcript_edited', '=', 1)
      .where('transcript', 'is not', null);
  return {
    async notes(userId) {
      const rows = await edited()
        .select(['id', 'title', 'transcript', 'storage_key', 'duration_seconds', 'updated_at'])
        .where('owner_id', '=', userId)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        text: row.transcript ?? '',
        spoken: row.transcript ?? '',
        title: row.title,
        audioKey: row.storage_key,
        durationSeconds: Number(row.duration_seconds ?? 0),
        updatedAt: Number(row.updated_at),
      }));
    },
    vocabulary: () => Promise.resolve([]),
    totals: (userId) => learnableTotals(edited(), userId),
    async usersChangedSince(since) {
      const rows = await edited().select('owner_id').where('updated_at', '>=', since).distinct().execute();
      return rows.map((row) => row.owner_id);
    },
  };
}
