import { z } from 'zod';

/**
 * A person's own words and phrases (names, places, jargon) with how they are said, given to the
 * recogniser's dictionary and language model (ADR 0036). /api/v1/vocabulary/.
 */

/**
 * The phones of the en-us acoustic model (CMU ARPAbet without stress): exactly the phones its
 * dictionary uses (a unit test compares them).
 */
export const MODEL_PHONES = [
  'AA',
  'AE',
  'AH',
  'AO',
  'AW',
  'AY',
  'B',
  'CH',
  'D',
  'DH',
  'EH',
  'ER',
  'EY',
  'F',
  'G',
  'HH',
  'IH',
  'IY',
  'JH',
  'K',
  'L',
  'M',
  'N',
  'NG',
  'OW',
  'OY',
  'P',
  'R',
  'S',
  'SH',
  'T',
  'TH',
  'UH',
  'UW',
  'V',
  'W',
  'Y',
  'Z',
  'ZH',
] as const;

export const VOCABULARY_WORD_MAX = 60;
/** A phrase of more words is better taught by correcting notes (the language model learns it). */
export const VOCABULARY_PHRASE_WORDS_MAX = 5;
export const VOCABULARY_SOUNDS_LIKE_MAX = 100;
export const VOCABULARY_PHONES_MAX = 60;

/** Where an entry's pronunciation came from. */
export const PRONUNCIATION_SOURCES = ['dictionary', 'sounds_like', 'generated', 'user'] as const;
export type PronunciationSource = (typeof PRONUNCIATION_SOURCES)[number];

/** Letters of any script, digits, apostrophes, hyphens, dots and single spaces between words. */
const WORD_CHARACTERS = /^[\p{L}\p{M}\p{N}'’.\- ]+$/u;
const HAS_LETTER = /\p{L}/u;

/** Trimmed, inner runs of spaces made one, curly apostrophes made straight. */
export function tidyWord(word: string): string {
  return word.normalize('NFC').replace(/’/g, "'").trim().replace(/\s+/g, ' ');
}

/** The key two spellings of the same word share ("Varroa" and " varroa "): unique per owner and pad. */
export function vocabularyWordKey(word: string): string {
  return tidyWord(word).toLowerCase();
}

const wordSchema = z
  .string({ error: 'Type the word or phrase to add.' })
  .transform(tidyWord)
  .pipe(
    z
      .string()
      .min(1, 'Type the word or phrase to add.')
      .max(VOCABULARY_WORD_MAX, `A word or phrase can be at most ${VOCABULARY_WORD_MAX} characters.`)
      .refine((word) => HAS_LETTER.test(word), 'A word needs at least one letter.')
      .refine(
        (word) => WORD_CHARACTERS.test(word),
        'Use letters, digits, apostrophes, hyphens and spaces only.',
      )
      .refine(
        (word) => word.split(' ').length <= VOCABULARY_PHRASE_WORDS_MAX,
        `A phrase can have at most ${VOCABULARY_PHRASE_WORDS_MAX} words.`,
      ),
  );

const soundsLikeSchema = z
  .string({ error: 'Spell how the word sounds, e.g. "var oh ah", or leave it empty.' })
  .transform(tidyWord)
  .pipe(
    z
      .string()
      .max(
        VOCABULARY_SOUNDS_LIKE_MAX,
        `A "sounds like" spelling can be at most ${VOCABULARY_SOUNDS_LIKE_MAX} characters.`,
      )
      .refine(
        (spelling) => spelling === '' || /^[A-Za-z'\- ]+$/.test(spelling),
        'Spell how it sounds with English letters only, e.g. "var oh ah".',
      ),
  )
  // An empty spelling means "none": the word's own spelling is used.
  .transform((spelling) => (spelling === '' ? null : spelling));

const KNOWN_PHONES: ReadonlySet<string> = new Set(MODEL_PHONES);

/**
 * Phones typed by a person: ARPAbet separated by spaces, any case. Stress digits (AH1) are
 * accepted and dropped: the model's dictionary has none. Returns the phones, upper case.
 */
export function parsePhones(text: string): { phones: string[] } | { unknown: string } {
  const phones = text.trim().toUpperCase().split(/\s+/).filter(Boolean);
  const bare = phones.map((phone) => phone.replace(/[012]$/, ''));
  const unknown = bare.findIndex((phone) => !KNOWN_PHONES.has(phone));
  if (unknown >= 0) return { unknown: phones[unknown]! };
  return { phones: bare };
}

const pronunciationSchema = z
  .string({ error: 'Type the pronunciation as phones separated by spaces, e.g. "V AE R OW AH".' })
  .transform((text, ctx) => {
    const parsed = parsePhones(text);
    if ('unknown' in parsed) {
      ctx.addIssue({
        code: 'custom',
        message: `"${parsed.unknown}" is not a sound the recogniser knows. Use these: ${MODEL_PHONES.join(' ')}.`,
      });
      return z.NEVER;
    }
    if (parsed.phones.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'Type at least one phone, e.g. "V AE R OW AH", or leave the pronunciation out.',
      });
      return z.NEVER;
    }
    if (parsed.phones.length > VOCABULARY_PHONES_MAX) {
      ctx.addIssue({
        code: 'too_big',
        origin: 'array',
        maximum: VOCABULARY_PHONES_MAX,
        inclusive: true,
        message: `A pronunciation can have at most ${VOCABULARY_PHONES_MAX} phones.`,
      });
      return z.NEVER;
    }
    return parsed.phones.join(' ');
  });

const padIdSchema = z.string({ error: 'Choose a pad by its id, or null for all your pads.' }).nullable();

export const vocabularyEntrySchema = z.object({
  id: z.string(),
  word: z.string(),
  /** Each one phones separated by spaces ("V AE R OW AH"); a phrase's are its words' joined. */
  pronunciations: z.array(z.string()),
  source: z.enum(PRONUNCIATION_SOURCES),
  /** The spelling the pronunciation was made from, when the person gave one. */
  sounds_like: z.string().nullable(),
  /** Null: the word is used in every pad; otherwise only in this one. */
  pad_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VocabularyEntry = z.infer<typeof vocabularyEntrySchema>;

export const vocabularyListSchema = z.object({
  words: z.array(vocabularyEntrySchema),
  /** How many words one account may hold (VOCABULARY_MAX_WORDS). */
  limit: z.number().int(),
});
export type VocabularyList = z.infer<typeof vocabularyListSchema>;

const FIELDS = 'The fields are: word, sounds_like, pronunciation, pad_id.';

export const createVocabularyEntrySchema = z.strictObject(
  {
    word: wordSchema,
    sounds_like: soundsLikeSchema.nullable().optional(),
    pronunciation: pronunciationSchema.nullable().optional(),
    pad_id: padIdSchema.optional(),
  },
  { error: `This field is not part of a word. ${FIELDS}` },
);
export type CreateVocabularyEntry = z.input<typeof createVocabularyEntrySchema>;
export type CreateVocabularyEntryInput = z.output<typeof createVocabularyEntrySchema>;

/** A change to an entry; a field left out stays. A new word or "sounds like" makes the pronunciation again. */
export const updateVocabularyEntrySchema = z.strictObject(
  {
    word: wordSchema.optional(),
    sounds_like: soundsLikeSchema.nullable().optional(),
    pronunciation: pronunciationSchema.nullable().optional(),
    pad_id: padIdSchema.optional(),
  },
  { error: `This field is not part of a word. ${FIELDS}` },
);
export type UpdateVocabularyEntry = z.input<typeof updateVocabularyEntrySchema>;
export type UpdateVocabularyEntryInput = z.output<typeof updateVocabularyEntrySchema>;

/** A word the person typed in corrections that the recogniser's dictionary lacks. */
export const vocabularyProposalSchema = z.object({
  word: z.string(),
  /** How many times it was typed, over the corrected transcripts of all notes. */
  count: z.number().int(),
  /** How many notes' corrections hold it. */
  notes: z.number().int(),
});
export type VocabularyProposal = z.infer<typeof vocabularyProposalSchema>;

export const vocabularyProposalListSchema = z.object({ proposals: z.array(vocabularyProposalSchema) });
export type VocabularyProposalList = z.infer<typeof vocabularyProposalListSchema>;

/** Not proposing a word again (POST /api/v1/vocabulary/proposals/dismiss/). */
export const dismissProposalSchema = z.strictObject(
  { word: wordSchema },
  { error: 'Send only the word to stop proposing: {"word": "..."}.' },
);
export type DismissProposal = z.input<typeof dismissProposalSchema>;

export const VOCABULARY_PATH = '/api/v1/vocabulary/';
export const vocabularyEntryPath = (id: string) => `${VOCABULARY_PATH}${encodeURIComponent(id)}/`;
export const VOCABULARY_PROPOSALS_PATH = `${VOCABULARY_PATH}proposals/`;
export const VOCABULARY_DISMISS_PATH = `${VOCABULARY_PROPOSALS_PATH}dismiss/`;
