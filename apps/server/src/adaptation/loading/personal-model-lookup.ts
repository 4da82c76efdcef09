/**
 * The engine's view of a person's build (ADR 0040): PersonalModelCache.load in this process,
 * turned into the local paths a decoder opens. Anything that goes wrong (blob storage, a
 * damaged build) is logged and answered with "none", so the note is decoded with the stock
 * model and never fails because of its owner's model.
 */
import type { FastifyBaseLogger } from 'fastify';

import type { PersonalModelLookup } from '../../transcription/personal-model.ts';
import { enginePaths } from '../builder/model-files.ts';
import type { PersonalModelCache } from './personal-model-cache.ts';

export function personalModelLookup(
  cache: Pick<PersonalModelCache, 'load'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): PersonalModelLookup {
  return async (userId) => {
    try {
      const loaded = await cache.load(userId);
      if (!loaded) return undefined;
      return {
        ...enginePaths(loaded.buildId, loaded.decoderModel),
        ...(loaded.writtenForms ? { writtenForms: loaded.writtenForms } : {}),
      };
    } catch (err) {
      log.warn({ err, userId }, 'personal model could not be loaded; decoding with the stock model');
      return undefined;
    }
  };
}
