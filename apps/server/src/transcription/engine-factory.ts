import type { Config } from '../config/config.ts';
import type { Transcriber } from './transcriber.ts';

/**
 * Picks the speech engine named in the configuration. Engines load on demand, so an
 * API-only process never touches native speech libraries.
 */
export async function createTranscriber(
  config: Pick<Config, 'transcription' | 'adaptation'>,
): Promise<Transcriber> {
  switch (config.transcription.engine) {
    case 'pocketsphinx': {
      const { createPocketsphinxTranscriber } = await import('./pocketsphinx/engine.ts');
      return createPocketsphinxTranscriber({
        modelDir: config.transcription.pocketsphinxModelDir,
        workers: config.transcription.concurrency,
        decodersPerThread: config.adaptation.decodersPerWorker,
        share: { keepMs: config.transcription.decoderKeepMs },
      });
    }
    case 'whisper': {
      const { modelPath, threads } = config.transcription.whisper;
      if (!modelPath) throw new Error('WHISPER_MODEL_PATH is required when TRANSCRIBER=whisper.');
      const { createWhisperTranscriber } = await import('./whisper/engine.ts');
      return createWhisperTranscriber({ modelPath, threads, workers: config.transcription.concurrency });
    }
    case 'openai': {
      const { baseUrl, apiKey, model, timeoutMs } = config.transcription.openai;
      const { createOpenAiTranscriber } = await import('./openai/engine.ts');
      return createOpenAiTranscriber({ baseUrl, apiKey, model, timeoutMs });
    }
  }
}
