/**
 * The recogniser's stock pronunciation dictionary (CMU format: `word PH ON ES`, alternates as
 * `word(2)`), read once on first use and kept in memory: every new word and every proposal
 * asks it. About 135,000 words for Debian's en-us model.
 */
import { readFile } from 'node:fs/promises';

/** The model's dictionary cannot be read: not installed (a whisper-only server) or unreadable. */
export class DictionaryUnavailableError extends Error {
  constructor(options: { cause: unknown }) {
    super('The speech model’s pronunciation dictionary cannot be read.', options);
    this.name = 'DictionaryUnavailableError';
  }
}

export class StockDictionary {
  #entries: Promise<ReadonlyMap<string, readonly string[]>> | undefined;

  /** `path` is asked on first use, so a server without the model starts and fails only here. */
  constructor(private readonly path: () => string) {}

  /** The word's pronunciations (phones separated by spaces), none when the dictionary lacks it. */
  async pronunciations(word: string): Promise<readonly string[]> {
    return (await this.#load()).get(word.toLowerCase()) ?? [];
  }

  async has(word: string): Promise<boolean> {
    return (await this.#load()).has(word.toLowerCase());
  }

  #load(): Promise<ReadonlyMap<string, readonly string[]>> {
    this.#entries ??= (async () => {
      try {
        return parseDictionary(await readFile(this.path(), 'utf8'));
      } catch (error) {
        throw new DictionaryUnavailableError({ cause: error });
      }
    })();
    // A failed read is tried again on the next call (the model may be installed meanwhile).
    this.#entries.catch(() => (this.#entries = undefined));
    return this.#entries;
  }
}

export function parseDictionary(text: string): Map<string, string[]> {
  const entries = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const space = line.indexOf(' ');
    if (space <= 0) continue;
    const word = line.slice(0, space).replace(/\(\d+\)$/, '');
    const phones = line.slice(space + 1).trim();
    if (!phones) continue;
    const known = entries.get(word);
    if (known) known.push(phones);
    else entries.set(word, [phones]);
  }
  return entries;
}
