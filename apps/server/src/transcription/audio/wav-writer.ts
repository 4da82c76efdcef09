/**
 * The one WAV writer: mono 16-bit PCM, the plainest WAV that every reader takes (the
 * OpenAI-compatible engine sends it, live recordings are filed as it). Reading is wav.ts.
 */
import { floatToInt16 } from './pcm.ts';

const HEADER_BYTES = 44;
const FORMAT_PCM = 1;
const BYTES_PER_SAMPLE = 2;

/** The 44-byte header of `dataBytes` bytes of mono 16-bit PCM at `sampleRate`. */
export function wavHeader(dataBytes: number, sampleRate: number): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(HEADER_BYTES - 8 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(FORMAT_PCM, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * BYTES_PER_SAMPLE, 28);
  header.writeUInt16LE(BYTES_PER_SAMPLE, 32);
  header.writeUInt16LE(8 * BYTES_PER_SAMPLE, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** WAV bytes of mono 16-bit PCM. */
export function encodePcmWav(pcm: Int16Array, sampleRate: number): Uint8Array {
  const dataBytes = pcm.length * BYTES_PER_SAMPLE;
  const out = new Uint8Array(HEADER_BYTES + dataBytes);
  out.set(wavHeader(dataBytes, sampleRate), 0);
  const data = new DataView(out.buffer, HEADER_BYTES, dataBytes);
  for (let i = 0; i < pcm.length; i++) data.setInt16(i * BYTES_PER_SAMPLE, pcm[i]!, true);
  return out;
}

/** WAV bytes of float samples in [-1, 1], written as 16-bit PCM (louder samples are clipped). */
export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array {
  return encodePcmWav(floatToInt16(samples), sampleRate);
}
