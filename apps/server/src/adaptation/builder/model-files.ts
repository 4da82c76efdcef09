/** The files of one build, as the loader finds them in its unpacked folder (ADR 0038). */
export const MODEL_FILES = {
  /** Stock dictionary plus the person's words. */
  dictionary: 'personal.dict',
  /** The person's ARPA model, interpolated with the stock one at `meta.lmWeight`. */
  languageModel: 'personal.arpa',
  /** MAP-adapted acoustic model folder; absent when there was not enough corrected audio. */
  acousticDir: 'acoustic',
  /** How the person writes their words: dictionary word -> spelling (pocketsphinx/written-forms.ts). */
  writtenForms: 'written.json',
  meta: 'meta.json',
} as const;

export interface ModelMeta {
  lmWeight: number;
  lmPerplexities: Record<string, number>;
  heldOutSentences: number;
  newWords: number;
  acousticSeconds: number;
}
