/**
 * A person's build as a decoding engine opens it (ADR 0040): their acoustic model (stock or MAP
 * adapted), their dictionary (stock plus their words), their language model mixed with the stock
 * one (one merged file, or, in builds made before those, interpolated at run time at `weight`),
 * and how they write their words. Local paths, as
 * PersonalModelCache.load gives them. Only the pocketsphinx engine reads it; other engines
 * decode as they always do.
 */
export interface PersonalModelPaths {
  /** Names the build: decoders opened on it are kept and found by this id. */
  buildId: string;
  hmm: string;
  dict: string;
  mllr?: string;
  /** Interpolated with the worker's stock LM at run time; builds without a merged model only. */
  personalLm?: { path: string; weight: number };
  /** The stock and personal LMs mixed into one binary trie, opened with `-lm`; wins over `personalLm`. */
  mergedLm?: string;
  /** How the person writes their words (pocketsphinx/written-forms.ts); absent in older builds. */
  writtenForms?: string;
}

/** Which model a decode uses, and who hears that it could not be opened (stock was used). */
export interface DecodeModel {
  model?: PersonalModelPaths | undefined;
  onModelFailure?: ((reason: string) => void) | undefined;
}

/**
 * The build to decode a person's audio with, or undefined for the stock model. Never throws: a
 * build that cannot be fetched is logged by the lookup and the audio decoded with stock.
 */
export type PersonalModelLookup = (userId: string) => Promise<PersonalModelPaths | undefined>;
