/** Limits both apps enforce; the server is the authority, the web app uses them to warn early. */
export const LIMITS = {
  padNameMax: 120,
  padDescriptionMax: 2000,
  voiceNoteTitleMax: 200,
  usernameMin: 1,
  usernameMax: 150,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 4096,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  uploadBytesDefault: 200 * 1024 * 1024,
} as const;

/** Tag names and how many tags a note, an account and a request may have (tags.ts). */
export const TAG_LIMITS = {
  nameMax: 50,
  /** Most tags one note may carry unless the server is configured otherwise (TAGS_MAX_PER_NOTE). */
  perNoteDefault: 20,
  /** Most tags one account may keep unless the server is configured otherwise (TAGS_MAX_PER_USER). */
  perUserDefault: 500,
  /** Names a PATCH may send at all, whatever the configuration: bounds the work of one request. */
  perRequestMax: 100,
} as const;

/** Full-text search: query length and paging (search.ts). */
export const SEARCH_LIMITS = {
  queryMax: 200,
  pageSizeDefault: 20,
  pageSizeMax: 50,
  /** Ranked results are paged by position; deeper pages than this are not served. */
  offsetMax: 1000,
} as const;

/** Note filters on lists and search (note-filters.ts). */
export const NOTE_FILTER_LIMITS = {
  /** Tags one filter may name. */
  tagsMax: 10,
} as const;

/** Speakers in a voice note (ADR 0053); here, without zod, so the web's URL parsing can use them. */
export const SPEAKER_LIMITS = {
  /** The most speakers a hint may name. */
  hintMax: 8,
  /** Characters of a speaker's name. */
  nameMax: 60,
} as const;
