import type { PronunciationSource } from '@voxpad/shared/vocabulary';

/** Where a pronunciation came from, as the person reads it. */
export const SOURCE_LABELS: Record<PronunciationSource, string> = {
  dictionary: 'From the dictionary',
  sounds_like: 'From how you said it sounds',
  generated: 'Guessed from the spelling',
  user: 'Typed by you',
};
