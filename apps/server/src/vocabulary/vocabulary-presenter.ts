import type { VocabularyEntry } from '@voxpad/shared/vocabulary';
import type { VocabularyWordRow } from '../db/schema.ts';
import { toIso } from '../lib/time.ts';

export function parsePronunciations(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
}

export function presentWord(row: VocabularyWordRow): VocabularyEntry {
  return {
    id: row.id,
    word: row.word,
    pronunciations: parsePronunciations(row.pronunciations),
    source: row.source,
    sounds_like: row.sounds_like,
    pad_id: row.pad_id,
    created_at: toIso(Number(row.created_at)),
    updated_at: toIso(Number(row.updated_at)),
  };
}
