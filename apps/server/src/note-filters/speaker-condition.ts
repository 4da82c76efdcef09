/**
 * "A speaker with this name speaks in the note" (ADR 0053) on both backends: the note's
 * speakers are JSON `[{"id":"S1","name":"Ana"}]`, so the name as JSON writes it, key included,
 * is looked for in that text, in lower case on both sides (any case finds it). The name's
 * LIKE wildcards are escaped: "50%" is a name, not a pattern.
 */
import { expressionBuilder, type Expression, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export function speaksIn(name: string): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'voice_notes'>();
  const needle = `"name":${JSON.stringify(name.toLowerCase())}`.replace(/[\\%_]/g, (c) => `\\${c}`);
  return eb.and([
    eb('voice_notes.speakers', 'is not', null),
    sql<SqlBool>`lower(voice_notes.speakers) like ${`%${needle}%`} escape '\\'`,
  ]);
}
