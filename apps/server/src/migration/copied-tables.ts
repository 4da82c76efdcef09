import type { Database } from '../db/schema.ts';

export interface CopiedTable {
  name: keyof Database & string;
  /** The primary key: batches are read in its order and rows matched by it. */
  key: string;
}

/**
 * Every table, parents before children (users -> pads -> voice_notes -> transcript_versions,
 * pads -> uploads and imports, users -> pads -> vocabulary_words, voice_notes and pads -> shares,
 * voice_notes and tags -> voice_note_tags, users -> webhooks -> webhook_deliveries, pads -> deleted_voice_notes, voice_notes -> note_summaries, pads -> pad_summary_settings, voice_notes -> highlights, users -> voice_profiles), so foreign keys hold after each batch and a run can stop anywhere.
 */
export const COPIED_TABLES = [
  { name: 'users', key: 'id' },
  { name: 'sessions', key: 'id' },
  { name: 'pads', key: 'id' },
  { name: 'voice_notes', key: 'id' },
  { name: 'transcript_versions', key: 'id' },
  { name: 'email_verifications', key: 'key_hash' },
  { name: 'email_addresses', key: 'id' },
  { name: 'password_reset_keys', key: 'key_hash' },
  { name: 'rate_limit_hits', key: 'id' },
  { name: 'api_tokens', key: 'id' },
  { name: 'social_accounts', key: 'id' },
  { name: 'social_login_states', key: 'state_hash' },
  { name: 'authenticators', key: 'id' },
  { name: 'uploads', key: 'id' },
  { name: 'vocabulary_words', key: 'id' },
  { name: 'vocabulary_dismissals', key: 'id' },
  { name: 'adaptation_states', key: 'user_id' },
  { name: 'shares', key: 'id' },
  { name: 'imports', key: 'id' },
  { name: 'tags', key: 'id' },
  { name: 'voice_note_tags', key: 'id' },
  { name: 'webhooks', key: 'id' },
  { name: 'webhook_deliveries', key: 'id' },
  { name: 'deleted_voice_notes', key: 'id' },
  { name: 'note_summaries', key: 'id' },
  { name: 'pad_summary_settings', key: 'pad_id' },
  { name: 'highlights', key: 'id' },
  { name: 'voice_profiles', key: 'owner_id' },
] as const satisfies readonly CopiedTable[];

/** A table added to the schema but not above fails to compile here instead of being left behind. */
export type UncopiedTables = Exclude<keyof Database, (typeof COPIED_TABLES)[number]['name']>;
export const EVERY_TABLE_COPIED: [UncopiedTables] extends [never] ? true : UncopiedTables = true;

/**
 * SQLite's own search bookkeeping (the FTS5 row number, migration 0003): the target builds its
 * own search index (PostgreSQL's generated tsvector), so this column is never copied.
 */
export const SOURCE_ONLY_COLUMNS: ReadonlySet<string> = new Set(['search_rowid']);
