import { open } from 'node:fs/promises';
import { TranscriptionError } from '../errors.ts';

const GGML_MAGIC = 0x67676d6c;

/** Checks what can be checked cheaply: the file exists and looks like a whisper ggml model. */
export async function checkWhisperModel(modelPath: string): Promise<void> {
  let header: Buffer;
  try {
    const file = await open(modelPath, 'r');
    try {
      header = Buffer.alloc(48);
      const { bytesRead } = await file.read(header, 0, 48, 0);
      header = header.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  } catch (error) {
    throw new TranscriptionError(
      'model_missing',
      `The whisper model ${modelPath} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}). ` +
        'Set WHISPER_MODEL_PATH to a ggml model, e.g. one fetched with `npm run download-model -w @voxpad/server -- base.en`.',
      { cause: error },
    );
  }
  if (header.length < 48 || header.readUInt32LE(0) !== GGML_MAGIC) {
    throw new TranscriptionError(
      'model_missing',
      `${modelPath} is not a whisper.cpp ggml model (it does not start with the ggml magic number). ` +
        'GGUF and PyTorch checkpoints are not supported; download a ggml-*.bin model.',
    );
  }
  const hparams = Array.from({ length: 11 }, (_, i) => header.readInt32LE(4 + 4 * i));
  if (hparams.slice(0, 10).some((v) => v <= 0 || v > 1_000_000)) {
    throw new TranscriptionError(
      'model_missing',
      `${modelPath} has a damaged header; download the model again.`,
    );
  }
}
