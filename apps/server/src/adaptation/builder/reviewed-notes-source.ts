/**
 * What a rebuild learns from (ADR 0040, replacing ADR 0038's stand-in): the owner's notes they
 * confirmed or corrected (`learnableNotes`, ADR 0037; notes nobody reviewed are never learnt),
 * and all their vocabulary words (`vocabularyFor`, ADR 0036), every pad's and each pad's own,
 * so a build with no reviewed note still knows the words.
 */
import type { Db } from '../../db/database.ts';
import { learnableNotes } from '../../transcripts/learnable-notes.ts';
import { decoderWord } from '../../vocabulary/decoder-vocabulary.ts';
import { parsePronunciations } from '../../vocabulary/vocabulary-presenter.ts';
import { learnableTotals, type LearnableSource, type VocabularyWord } from './learnable-source.ts';

const REVIEWED = ['confirmed', 'corrected'] as const;

export function reviewedNotesSource(db: Db): LearnableSource {
  const reviewed = () =>
    db
      .selectFrom('voice_notes')
      .where('transcript_reviewed', 'in', [...REVIEWED])
      .where('status', 'in', ['done', 'failed'])
      .where('transcript', 'is not', null);
  return {
    async notes(userId) {
      return (await learnableNotes(db, userId)).map((note) => ({
        id: note.id,
        text: note.transcript,
        spoken: note.words.map((word) => word.word).join(' '),
        title: '',
        audioKey: note.storageKey,
        durationSeconds: Number(note.durationSeconds ?? 0),
        updatedAt: note.reviewedAt,
      }));
    },
    vocabulary: (userId) => allWords(db, userId),
    totals: (userId) => learnableTotals(reviewed(), userId),
    async usersChangedSince(since) {
      const rows = await reviewed()
        .select('owner_id')
        .where('transcript_reviewed_at', '>=', since)
        .distinct()
        .execute();
      return rows.map((row) => row.owner_id);
    },
  };
}

/**
 * Every word the person keeps, whichever pad it is for: one model serves all their pads. The
 * same word kept for several pads with different phones gives each pronunciation once; kept
 * with different spellings, the first (oldest) one is how transcripts write it.
 */
async function allWords(db: Db, userId: string): Promise<VocabularyWord[]> {
  const rows = await db
    .selectFrom('vocabulary_words')
    .select(['word', 'pronunciations'])
    .where('user_id', '=', userId)
    .orderBy('word_key')
    .orderBy('id')
    .execute();
  const seen = new Set<string>();
  const words: VocabularyWord[] = [];
  for (const row of rows) {
    const word = decoderWord(row.word);
    for (const phones of parsePronunciations(row.pronunciations)) {
      const key = `${word} ${phones}`;
      if (seen.has(key)) continue;
      seen.add(key);
      words.push({ word, phones: phones.split(' '), written: row.word });
    }
  }
  return words;
}
