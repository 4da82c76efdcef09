import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/**
 * Every table, with the column that names the account a row belongs to, in the order an
 * account's rows are deleted (rows before the rows they point at). Typed over every table of
 * the schema, so a new table does not compile until it is placed here: owned (its rows go
 * with the account) or not (null, with the reason).
 */
const OWNER_COLUMNS = {
  shares: 'user_id',
  note_summaries: 'owner_id',
  pad_summary_settings: 'owner_id',
  highlights: 'owner_id',
  webhook_deliveries: 'user_id',
  webhooks: 'user_id',
  transcript_versions: 'owner_id',
  imports: 'owner_id',
  voice_note_tags: 'user_id',
  tags: 'user_id',
  uploads: 'owner_id',
  vocabulary_words: 'user_id',
  vocabulary_dismissals: 'user_id',
  deleted_voice_notes: 'owner_id',
  voice_notes: 'owner_id',
  pads: 'owner_id',
  adaptation_states: 'user_id',
  voice_profiles: 'owner_id',
  api_tokens: 'user_id',
  sessions: 'user_id',
  social_login_states: 'user_id',
  social_accounts: 'user_id',
  authenticators: 'user_id',
  email_verifications: 'user_id',
  password_reset_keys: 'user_id',
  email_addresses: 'user_id',
  // A counted request names its subject only by SHA-256, and expires with its window.
  rate_limit_hits: null,
  // Last: the settings live on it, and every other table points at it.
  users: 'id',
} as const satisfies { [T in keyof Database]: (keyof Database[T] & string) | null };

/** What an account had that lives outside the database, read in the deleting transaction. */
export interface AccountHoldings {
  userId: string;
  username: string;
  email: string;
  /** The audio of every voice note. */
  audioKeys: string[];
  /** Resumable uploads in progress, whose parts are blobs. */
  uploadIds: string[];
  /** Every session of the account, on every device. */
  sessionIds: string[];
}

/**
 * Deletes every row of the account in one transaction and returns what it held elsewhere, or
 * undefined when the account is gone already (a second request, another tab). On PostgreSQL
 * the user's row is locked first, so nothing can be filed under it while the rows go.
 */
export async function deleteAccountRows(
  db: Db,
  dialect: Dialect,
  userId: string,
): Promise<AccountHoldings | undefined> {
  return db.transaction().execute(async (trx) => {
    let owner = trx.selectFrom('users').select(['id', 'username', 'email']).where('id', '=', userId);
    if (dialect === 'postgres') owner = owner.forUpdate();
    const user = await owner.executeTakeFirst();
    if (!user) return undefined;
    const notes = await trx
      .selectFrom('voice_notes')
      .select('storage_key')
      .where('owner_id', '=', userId)
      .execute();
    // Notes a bulk delete took keep their audio until the undo window ends (ADR 0046).
    const trashed = await trx
      .selectFrom('deleted_voice_notes')
      .select('storage_key')
      .where('owner_id', '=', userId)
      .execute();
    const uploads = await trx.selectFrom('uploads').select('id').where('owner_id', '=', userId).execute();
    const sessions = await trx.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
    for (const [table, column] of Object.entries(OWNER_COLUMNS)) {
      if (column === null) continue;
      await sql`delete from ${sql.table(table)} where ${sql.ref(column)} = ${userId}`.execute(trx);
    }
    return {
      userId,
      username: user.username,
      email: user.email,
      audioKeys: [...notes, ...trashed].map((note) => note.storage_key),
      uploadIds: uploads.map((upload) => upload.id),
      sessionIds: sessions.map((session) => session.id),
    };
  });
}
