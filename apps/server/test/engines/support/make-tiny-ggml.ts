/**
 * Writes a tiny whisper model with random weights in whisper.cpp's legacy ggml file format,
 * so the whisper engine's loading and inference really run in tests (no download needed).
 *
 * Layout, as `whisper_model_load` (whisper.cpp src/whisper.cpp) reads it, little-endian:
 *   u32 magic 0x67676d6c ("ggml")
 *   i32 hparams: n_vocab, n_audio_ctx, n_audio_state, n_audio_head, n_audio_layer,
 *                n_text_ctx, n_text_state, n_text_head, n_text_layer, n_mels, ftype
 *   mel filters: i32 n_mel, i32 n_fft, then n_mel*n_fft f32
 *   vocab: i32 count, then per token u32 length + bytes (the loader names the special
 *          tokens past `count` itself)
 *   tensors until EOF: i32 n_dims, i32 name length, i32 type (0 = f32), i32 ne[n_dims],
 *          name bytes, data
 * Every tensor the loader declares must be present with its exact shape.
 *
 * The model is English-only (n_vocab 51864, as tiny.en) with one encoder and one decoder
 * layer of width 8: about 2 MB, and a transcription of a few seconds takes well under a
 * second. What it "hears" is random, but the whole pipeline (mel, encoder, decoder,
 * timestamps) runs.
 *
 * Run directly to write a file: `npx tsx make-tiny-ggml.ts out.bin`.
 */
import { writeFile } from 'node:fs/promises';

export interface TinyModelOptions {
  seed?: number;
  state?: number;
  heads?: number;
  layers?: number;
}

const GGML_MAGIC = 0x67676d6c;
const N_VOCAB = 51864; // English-only vocabulary size; >= 51865 would be multilingual
const TEXT_TOKENS = 50256; // ordinary tokens before <|endoftext|>
const N_AUDIO_CTX = 1500; // 30 s of 10 ms mel frames after the stride-2 convolution
const N_TEXT_CTX = 448;
const N_MELS = 80;
const N_FFT = 201; // 1 + 400/2
const F32 = 0;
const F16 = 1;
/** ftype 1 (GGML_FTYPE_MOSTLY_F16): matrices and convolutions in f16, the rest f32. */
const FTYPE_MOSTLY_F16 = 1;

/** IEEE 754 half precision from a float (round to nearest, no NaN handling needed here). */
function toHalf(value: number): number {
  const f = new Float32Array([value]);
  const x = new Uint32Array(f.buffer)[0]!;
  const sign = (x >>> 16) & 0x8000;
  const exp = ((x >>> 23) & 0xff) - 127 + 15;
  const mant = x & 0x7fffff;
  if (exp <= 0) return sign; // flush tiny values to zero
  if (exp >= 31) return sign | 0x7c00;
  return sign | (exp << 10) | Math.round(mant / 0x2000);
}

class Writer {
  private chunks: Buffer[] = [];
  i32(...values: number[]) {
    const b = Buffer.alloc(4 * values.length);
    values.forEach((v, i) => b.writeInt32LE(v, 4 * i));
    this.chunks.push(b);
  }
  u32(value: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(value, 0);
    this.chunks.push(b);
  }
  f32(values: Float32Array) {
    this.chunks.push(Buffer.from(values.buffer, values.byteOffset, values.byteLength));
  }
  f16(values: Float32Array) {
    const b = Buffer.alloc(2 * values.length);
    values.forEach((v, i) => b.writeUInt16LE(toHalf(v), 2 * i));
    this.chunks.push(b);
  }
  bytes(b: Buffer) {
    this.chunks.push(b);
  }
  toBuffer() {
    return Buffer.concat(this.chunks);
  }
}

/** A small deterministic PRNG (mulberry32), so the same seed gives the same file. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function makeTinyGgml(options: TinyModelOptions = {}): Buffer {
  const { seed = 1, state = 8, heads = 2, layers = 1 } = options;
  const rand = random(seed);
  const w = new Writer();

  w.u32(GGML_MAGIC);
  w.i32(
    N_VOCAB,
    N_AUDIO_CTX,
    state,
    heads,
    layers,
    N_TEXT_CTX,
    state,
    heads,
    layers,
    N_MELS,
    FTYPE_MOSTLY_F16,
  );

  // Mel filters: triangular-ish bands, enough for a non-degenerate spectrogram.
  const filters = new Float32Array(N_MELS * N_FFT);
  for (let m = 0; m < N_MELS; m++) {
    const centre = Math.round(((m + 1) * (N_FFT - 1)) / (N_MELS + 1));
    for (let k = Math.max(0, centre - 2); k <= Math.min(N_FFT - 1, centre + 2); k++) {
      filters[m * N_FFT + k] = 1 - Math.abs(k - centre) / 3;
    }
  }
  w.i32(N_MELS, N_FFT);
  w.f32(filters);

  // Vocabulary: short readable words; the loader adds the special tokens after them.
  // Decoding looks up " " by text (to suppress a blank start), so it must exist.
  w.i32(TEXT_TOKENS);
  for (let i = 0; i < TEXT_TOKENS; i++) {
    const text = i === 0 ? ' ' : `${i % 7 === 0 ? '' : ' '}w${i.toString(36)}`;
    const word = Buffer.from(text, 'utf8');
    w.u32(word.length);
    w.bytes(word);
  }

  // The loader's types: 2-D weight matrices and the convolutions are f16 under ftype 1;
  // biases, norms and positional embeddings stay f32.
  const tensor = (name: string, ne: number[], fill: 'random' | 'ones' | 'zeros' = 'random') => {
    const half =
      ne.length === 3 || (ne.length === 2 && ne[0] !== 1 && !name.includes('positional_embedding'));
    const count = ne.reduce((a, b) => a * b, 1);
    const data = new Float32Array(count);
    if (fill === 'ones') data.fill(1);
    else if (fill === 'random') for (let i = 0; i < count; i++) data[i] = (rand() * 2 - 1) * 0.5;
    const nameBytes = Buffer.from(name, 'utf8');
    w.i32(ne.length, nameBytes.length, half ? F16 : F32, ...ne);
    w.bytes(nameBytes);
    if (half) w.f16(data);
    else w.f32(data);
  };

  // An attention sub-block: its layer norm, then query (with a bias), key (without), value, out.
  const attention = (p: string) => {
    tensor(`${p}_ln.weight`, [state], 'ones');
    tensor(`${p}_ln.bias`, [state], 'zeros');
    tensor(`${p}.query.weight`, [state, state]);
    tensor(`${p}.query.bias`, [state]);
    tensor(`${p}.key.weight`, [state, state]);
    tensor(`${p}.value.weight`, [state, state]);
    tensor(`${p}.value.bias`, [state]);
    tensor(`${p}.out.weight`, [state, state]);
    tensor(`${p}.out.bias`, [state]);
  };
  // What an encoder and a decoder block both hold: the MLP and self-attention.
  const block = (p: string) => {
    tensor(`${p}mlp_ln.weight`, [state], 'ones');
    tensor(`${p}mlp_ln.bias`, [state], 'zeros');
    tensor(`${p}mlp.0.weight`, [state, 4 * state]);
    tensor(`${p}mlp.0.bias`, [4 * state]);
    tensor(`${p}mlp.2.weight`, [4 * state, state]);
    tensor(`${p}mlp.2.bias`, [state]);
    attention(`${p}attn`);
  };

  // ne[] is ggml order: fastest-varying dimension first, as the loader declares them.
  tensor('encoder.positional_embedding', [state, N_AUDIO_CTX]);
  tensor('encoder.conv1.weight', [3, N_MELS, state]);
  tensor('encoder.conv1.bias', [1, state]);
  tensor('encoder.conv2.weight', [3, state, state]);
  tensor('encoder.conv2.bias', [1, state]);
  tensor('encoder.ln_post.weight', [state], 'ones');
  tensor('encoder.ln_post.bias', [state], 'zeros');
  for (let i = 0; i < layers; i++) block(`encoder.blocks.${i}.`);
  tensor('decoder.positional_embedding', [state, N_TEXT_CTX]);
  tensor('decoder.token_embedding.weight', [state, N_VOCAB]);
  tensor('decoder.ln.weight', [state], 'ones');
  tensor('decoder.ln.bias', [state], 'zeros');
  for (let i = 0; i < layers; i++) {
    block(`decoder.blocks.${i}.`);
    attention(`decoder.blocks.${i}.cross_attn`);
  }
  return w.toBuffer();
}

export async function writeTinyGgml(file: string, options?: TinyModelOptions): Promise<void> {
  await writeFile(file, makeTinyGgml(options));
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const out = process.argv[2];
  if (!out) throw new Error('usage: make-tiny-ggml.ts <out.bin>');
  await writeTinyGgml(out);
}
