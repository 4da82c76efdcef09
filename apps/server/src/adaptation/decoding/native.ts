/** The language-model calls moved to the engine, which now opens personal decoders (ADR 0040). */
export {
  type AdaptationNative,
  type LanguageModel,
  loadAdaptationNative,
} from '../../transcription/pocketsphinx/language-model-set.ts';
