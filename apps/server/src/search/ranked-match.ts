import type { Expression, SqlBool } from 'kysely';

/** What both engines answer for one search: ids ranked best first, with marked text. */
export interface RankedMatch {
  id: string;
  /** Higher is better. */
  score: number;
  /** The heading (pad name, note title) with whole-word matches between MARK_START/MARK_END. */
  heading: string;
  /** The body (description, transcript), marked the same way; null when there is none. */
  body: string | null;
}

/** Which table a search reads and which of its columns are the heading and the body. */
export interface SearchTable {
  table: 'pads' | 'voice_notes';
  heading: 'name' | 'title';
  body: 'description' | 'transcript';
  /** Words searched beside the body but never shown: a transcript's spoken forms (ADR 0033). */
  spoken?: 'spoken_transcript';
}

export const PAD_SEARCH: SearchTable = { table: 'pads', heading: 'name', body: 'description' };
export const VOICE_NOTE_SEARCH: SearchTable = {
  table: 'voice_notes',
  heading: 'title',
  body: 'transcript',
  spoken: 'spoken_transcript',
};

export interface SearchPage {
  ownerId: string;
  limit: number;
  offset: number;
  /**
   * SQLite, voice notes only: a query of the FTS row numbers of the notes the note filters
   * leave (ADR 0045). Ranking and paging happen among those rows only.
   */
  within?: Expression<unknown> | undefined;
  /**
   * SQLite, instead of `within` when the filters leave many notes: the filters as a check of
   * one match, given its FTS row number, made while the newest matches are read.
   */
  check?: ((rowid: Expression<unknown>) => Expression<SqlBool>) | undefined;
  /**
   * SQLite, voice notes only: FTS row numbers outside which no note passes the filters (a date
   * range's); the full-text scan seeks within them. The filters are still checked on each row.
   */
  rowids?: { from: number; to: number } | undefined;
  /**
   * PostgreSQL, voice notes only: the note filters as a condition on the searched row (which
   * the query reads under the table's own name), applied where the matches are read.
   */
  where?: Expression<SqlBool> | undefined;
  /**
   * PostgreSQL, voice notes only: the latest date (ms) the filters allow; the RUM index hands
   * over matches from it backwards (ADR 0072).
   */
  newest?: number | undefined;
}

/**
 * How many of the most recent matches are ranked. A query that matches more notes than
 * this (a common word, two typed letters) ranks the newest of them: recent notes are the
 * likelier target, and the cost of ranking stays bounded however much a user has said.
 */
export const RANK_WINDOW = 1000;
