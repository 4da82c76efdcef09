import type { Config } from '../config/config.ts';
import type { PrepareAudio } from '../jobs/transcription-runner.ts';
import type { Transcriber } from './transcriber.ts';

/**
 * Picks the speech engine named in the configuration. Engines load on demand, so an
 * API-only process never touches native speech libraries.
 */
export async function createTranscriber(config: Pick<Config, 'transcription'>): Promise<Transcriber> {
  switch (config.transcription.engine) {
    case 'pocketsphinx': {
      const { createPocketsphinxTranscriber } = await import('./pocketsphinx/engine.ts');
      return createPocketsphinxTranscriber({
        modelDir: config.transcription.pocketsphinxModelDir,
        workers: config.transcription.concurrency,
      });
    }
  }
}

export async function loadAudioPreparer(): Promise<PrepareAudio> {
  const { prepareForSpeech } = await import('./audio/prepare.ts');
  return prepareForSpeech;
}
