/**
 * Child of personal-decoder-memory.test.ts, so each decoder opens in a fresh process:
 * `<stock|personal|merged> <dict> <lm> <wav>` prints {"openMiB": RSS the open added, "words": [...]};
 * `lm` is the personal ARPA (personal: interpolated at run time) or a merged model (merged).
 */
import { readFileSync } from 'node:fs';

import { PocketsphinxDecoder } from '../../../src/transcription/pocketsphinx/decoder.ts';
import { resolveModel } from '../../../src/transcription/pocketsphinx/model.ts';

const [mode, dict, arpa, wav] = process.argv.slice(2) as [string, string, string, string];
const rssMiB = (): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;

const stock = resolveModel();
const before = rssMiB();
const decoder =
  mode === 'stock'
    ? PocketsphinxDecoder.open(stock)
    : PocketsphinxDecoder.openPersonal(stock, {
        buildId: 'memory',
        hmm: stock.hmm,
        dict,
        ...(mode === 'merged' ? { mergedLm: arpa } : { personalLm: { path: arpa, weight: 0.5 } }),
      });
const openMiB = rssMiB() - before;
const bytes = readFileSync(wav).subarray(44);
const pcm = new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
const words = (await decoder.decode(pcm)).map((word) => word.word);
decoder.close();
process.stdout.write(`${JSON.stringify({ openMiB, words })}\n`);
