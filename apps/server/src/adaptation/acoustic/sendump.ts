/**
 * Recovers a `mixture_weights` file from a pocketsphinx `sendump`.
 *
 * Debian's en-us model ships its mixture weights only as `sendump`: 8-bit quantised negative
 * log probabilities, laid out [feature][codeword][senone] (pocketsphinx src/ptm_mgau.c,
 * read_sendump). SphinxTrain's `bw` and `map_adapt` read the float `mixture_weights` file
 * (s3 binary format, [senone][feature][codeword], SphinxTrain s3mixw_write). A quantised value q
 * stands for p = base^-(q << shift), with the decoder's log base 1.0001 and SENSCR_SHIFT 10.
 */
import { readFile, writeFile } from 'node:fs/promises';

import { AdaptationError } from '../errors.ts';

/** pocketsphinx's default -logbase and SENSCR_SHIFT (8-bit senone scores). */
const LOG_BASE = 1.0001;
const SENSCR_SHIFT = 10;

export interface MixtureWeights {
  senones: number;
  features: number;
  codewords: number;
  /** Probabilities, index ((senone * features) + feature) * codewords + codeword. */
  values: Float32Array;
  /**
   * Smallest and largest sum of one senone's decoded weights over a stream before renormalising:
   * near 1 (quantisation rounds each weight down) when the log base and shift are right.
   */
  rawSums: { min: number; max: number };
}

/** Parses a sendump (8-bit, unclustered, little endian, the format Debian's model uses). */
export function parseSendump(data: Buffer): MixtureWeights {
  let offset = 0;
  const int32 = (): number => {
    if (offset + 4 > data.length) throw broken('it ends inside its header');
    const value = data.readInt32LE(offset);
    offset += 4;
    return value;
  };
  const text = (length: number): string => {
    if (length < 1 || offset + length > data.length) throw broken('a header string has a bad length');
    const value = data.toString('latin1', offset, offset + length - 1);
    offset += length;
    return value;
  };
  const titleLength = int32();
  if (titleLength < 1 || titleLength > 999) {
    throw broken('its title length is out of range (a big-endian sendump is not supported)');
  }
  text(titleLength);
  text(int32());
  const fields = new Map<string, number>();
  for (let length = int32(); length !== 0; length = int32()) {
    const [key, value] = text(length).split(' ');
    if (key && value && /^\d+$/.test(value)) fields.set(key, Number(value));
  }
  if ((fields.get('cluster_count') ?? 0) !== 0) {
    throw broken('its weights are clustered (4-bit), which this reader does not handle');
  }
  if ((fields.get('cluster_bits') ?? 8) !== 8) throw broken('its weights are not 8-bit');
  const codewords = int32();
  const senones = int32();
  const features = fields.get('feature_count') ?? 1;
  if (codewords <= 0 || senones <= 0 || features <= 0) throw broken('its dimensions are not positive');
  const expected = features * codewords * senones;
  if (data.length - offset !== expected) {
    throw broken(
      `it holds ${data.length - offset} weight bytes where ${features} x ${codewords} x ${senones} were expected`,
    );
  }
  const values = new Float32Array(senones * features * codewords);
  const scale = -Math.log(LOG_BASE) * (1 << SENSCR_SHIFT);
  for (let feature = 0; feature < features; feature++) {
    for (let codeword = 0; codeword < codewords; codeword++) {
      const row = offset + (feature * codewords + codeword) * senones;
      for (let senone = 0; senone < senones; senone++) {
        values[(senone * features + feature) * codewords + codeword] = Math.exp(scale * data[row + senone]!);
      }
    }
  }
  const rawSums = normalise(values, senones * features, codewords);
  return { senones, features, codewords, values, rawSums };
}

/** Makes each senone's weights over one feature stream sum to 1; returns the sums found. */
function normalise(values: Float32Array, rows: number, width: number): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (let row = 0; row < rows; row++) {
    let sum = 0;
    for (let i = 0; i < width; i++) sum += values[row * width + i]!;
    min = Math.min(min, sum);
    max = Math.max(max, sum);
    if (sum > 0) for (let i = 0; i < width; i++) values[row * width + i]! /= sum;
  }
  return { min, max };
}

/** The s3 binary `mixture_weights` file SphinxTrain reads, with its checksum. */
export function encodeMixtureWeights(weights: MixtureWeights): Buffer {
  const { senones, features, codewords, values } = weights;
  const header = Buffer.from('s3\nversion 1.0\nchksum0 yes\nendhdr\n', 'latin1');
  const body = Buffer.alloc(4 + 16 + values.length * 4 + 4);
  body.writeUInt32LE(0x11223344, 0);
  const dims = [senones, features, codewords, values.length];
  let checksum = 0;
  dims.forEach((value, i) => {
    body.writeUInt32LE(value, 4 + i * 4);
    checksum = accumulate(checksum, value);
  });
  const floats = new Float32Array(values);
  const words = new Uint32Array(floats.buffer);
  for (let i = 0; i < floats.length; i++) {
    body.writeFloatLE(floats[i]!, 20 + i * 4);
    checksum = accumulate(checksum, words[i]!);
  }
  body.writeUInt32LE(checksum, 20 + values.length * 4);
  return Buffer.concat([header, body]);
}

/** sphinxbase bio.c chksum_accum for 4-byte elements. */
function accumulate(sum: number, word: number): number {
  return (((sum << 20) | (sum >>> 12)) + word) >>> 0;
}

/** Reads `sendumpPath` and writes the equivalent `mixture_weights` to `outPath`. */
export async function writeMixtureWeightsFromSendump(
  sendumpPath: string,
  outPath: string,
): Promise<MixtureWeights> {
  let data: Buffer;
  try {
    data = await readFile(sendumpPath);
  } catch (error) {
    throw new AdaptationError('model_unreadable', `Could not read the model's sendump at ${sendumpPath}.`, {
      cause: error,
    });
  }
  const weights = parseSendump(data);
  await writeFile(outPath, encodeMixtureWeights(weights));
  return weights;
}

function broken(why: string): AdaptationError {
  return new AdaptationError('model_unreadable', `The model's sendump cannot be read: ${why}.`);
}
