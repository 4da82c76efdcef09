import { wavHeader as serverWavHeader } from '../../apps/server/src/transcription/audio/wav-writer.ts';

/** The server's WAV header for `dataBytes` of mono 16-bit audio, at 16 kHz unless told. */
export function wavHeader(dataBytes: number, sampleRate = 16000): Buffer {
  return serverWavHeader(dataBytes, sampleRate);
}
