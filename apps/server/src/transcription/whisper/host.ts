/**
 * The whisper host process: loads one ggml model with smart-whisper (whisper.cpp) and
 * transcribes what the parent sends over IPC. whisper.cpp runs on the binding's own
 * threads; this process exists so that a model file whisper.cpp cannot read (the binding
 * then dereferences a null context) takes down this process, not the server.
 */
import type * as SmartWhisperModule from 'smart-whisper';
import type { FromHost, ToHost, WhisperSegmentResult } from './protocol.ts';

type SmartWhisper = typeof SmartWhisperModule;
type Model = Awaited<ReturnType<SmartWhisper['WhisperModel']['load']>>;

let model: Model | undefined;
let binding: SmartWhisper | undefined;

function send(message: FromHost): void {
  process.send?.(message);
}

async function handle(message: ToHost): Promise<void> {
  if (message.type === 'load') {
    try {
      binding = await import('smart-whisper');
      model = await binding.WhisperModel.load(message.modelPath, false);
      send({ type: 'loaded' });
    } catch (error) {
      send({ type: 'load-failed', message: (error as Error).message });
    }
    return;
  }
  const { id, samples, language, threads } = message;
  if (!model || !binding) {
    send({ type: 'failed', id, message: 'The model is not loaded.' });
    return;
  }
  try {
    const task = await binding.TranscribeTask.run(model, samples, {
      language,
      format: 'detail',
      token_timestamps: true,
      n_threads: threads,
      suppress_non_speech_tokens: true,
    });
    task.on('transcribed', () => send({ type: 'segment', id }));
    // smart-whisper resolves with the Error (rather than rejecting) when whisper_full fails.
    const results: unknown = await task.result;
    if (!Array.isArray(results)) {
      throw results instanceof Error ? results : new Error('whisper.cpp returned no segments.');
    }
    send({ type: 'done', id, segments: results as WhisperSegmentResult[] });
  } catch (error) {
    send({ type: 'failed', id, message: (error as Error).message });
  }
}

process.on('message', (message: ToHost) => {
  void handle(message);
});
process.on('disconnect', () => {
  process.exit(0);
});
