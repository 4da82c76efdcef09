/**
 * Writes an ngram-model.ts model as an ARPA file (log10, 6 decimals), for sphinx_lm_convert to
 * turn into the decoder's binary trie. Streamed in chunks of about a megabyte, awaiting each, so a
 * merged model of 3.7 million n-grams neither builds one huge string nor holds the event loop
 * for the whole write. N-grams are written in key order (newest word first); sphinxbase sorts
 * each section as it reads it.
 */
import { open } from 'node:fs/promises';

import { type NgramModel, WORD_BITS } from './ngram-model.ts';

const CHUNK_CHARS = 1 << 20;
const SHIFT = 2 ** WORD_BITS;

export async function writeArpaModel(model: NgramModel, path: string): Promise<void> {
  const { words } = model.vocabulary;
  const file = await open(path, 'w');
  try {
    let chunk = '';
    // Awaited only when a chunk is full: an await per line costs seconds over millions of lines.
    const put = (line: string): Promise<unknown> | undefined => {
      chunk += line;
      if (chunk.length < CHUNK_CHARS) return undefined;
      const full = chunk;
      chunk = '';
      return file.write(full);
    };
    const counts = [model.unigramProbs.length, ...model.tables.map((table) => table.keys.length)];
    await put(`\\data\\\n${counts.map((count, i) => `ngram ${i + 1}=${count}\n`).join('')}`);

    await put('\n\\1-grams:\n');
    for (let w = 0; w < model.unigramProbs.length; w++) {
      const backoff = model.order > 1 ? `\t${format(model.unigramBackoffs[w]!)}` : '';
      const pending = put(`${format(model.unigramProbs[w]!)}\t${words[w]}${backoff}\n`);
      if (pending) await pending;
    }
    for (let n = 2; n <= model.order; n++) {
      const table = model.tables[n - 2]!;
      await put(`\n\\${n}-grams:\n`);
      for (let i = 0; i < table.keys.length; i++) {
        let key = table.keys[i]!;
        let text = '';
        for (let k = 0; k < n; k++) {
          const word = key % SHIFT;
          text += k === 0 ? words[word] : ` ${words[word]}`;
          key = (key - word) / SHIFT;
        }
        const backoff = table.backoffs ? `\t${format(table.backoffs[i]!)}` : '';
        const pending = put(`${format(table.probs[i]!)}\t${text}${backoff}\n`);
        if (pending) await pending;
      }
    }
    await put('\n\\end\\\n');
    await file.write(chunk);
  } finally {
    await file.close();
  }
}

function format(log10: number): string {
  return log10 === 0 ? '0' : log10.toFixed(6);
}
