/**
 * The mix as a process of its own (merged-model.ts starts it; the bundle emits it as
 * dist/mix-language-models.js): `<stockLm> <personalLm> <personalWeight> <arpaOut>` reads both
 * models, mixes them and writes the ARPA text, then prints the n-gram counts as JSON. In its own
 * process the ~170 MB of arrays go back to the system when it exits, before sphinx_lm_convert
 * starts, and the worker's event loop never waits on the seconds of the mix.
 */
import { writeMergedArpa } from './merged-model.ts';

const [stockLm, personalLm, weight, arpa] = process.argv.slice(2);
if (!stockLm || !personalLm || !weight || !arpa) {
  process.stderr.write('usage: mix-process <stockLm> <personalLm> <personalWeight> <arpaOut>\n');
  process.exit(2);
}
const ngrams = await writeMergedArpa({ stockLm, personalLm, personalWeight: Number(weight) }, arpa);
process.stdout.write(`${JSON.stringify({ ngrams })}\n`);
