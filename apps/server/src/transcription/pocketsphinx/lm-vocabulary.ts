/**
 * The words a language model knows, read from its file: the trie binary that
 * `sphinx_lm_convert` writes (`.lm.bin`) or ARPA text (`.lm`, `.arpa`). The decoder never
 * outputs a word its language model lacks, so these are the only dictionary entries its
 * search uses (decoding-dictionary.ts).
 */
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';

const TRIE_MAGIC = 'Trie Language Model';

/** The model's unigrams, or undefined when the file is in a form this does not read. */
export function readLmVocabulary(lmPath: string): Set<string> | undefined {
  const fd = openSync(lmPath, 'r');
  try {
    const head = Buffer.alloc(64);
    const got = readSync(fd, head, 0, head.length, 0);
    if (head.subarray(0, TRIE_MAGIC.length).toString('latin1') === TRIE_MAGIC) {
      return readTrieWords(fd, head.subarray(0, got));
    }
  } finally {
    closeSync(fd);
  }
  return readArpaWords(readFileSync(lmPath, 'latin1'));
}

/**
 * The trie binary starts with its magic, the order (one byte) and each order's n-gram count
 * (little-endian 32-bit, unigrams first); the words close the file, each ended by a NUL, in
 * word-id order. So the unigram count says how many NUL-ended strings to take from the end.
 */
function readTrieWords(fd: number, head: Buffer): Set<string> | undefined {
  const countAt = TRIE_MAGIC.length + 1;
  if (head.length < countAt + 4) return undefined;
  const unigrams = head.readUInt32LE(countAt);
  const size = fstatSync(fd).size;
  if (unigrams === 0 || unigrams > 10_000_000) return undefined;

  // Words average under 10 bytes; read a tail that surely holds them, and more if not.
  let tailLength = Math.min(size, unigrams * 16 + 1024);
  for (;;) {
    const tail = Buffer.alloc(tailLength);
    readSync(fd, tail, 0, tailLength, size - tailLength);
    const parts = tail.toString('latin1').split('\0');
    // The file ends with a NUL, so the last part is empty.
    if (parts.at(-1) !== '') return undefined;
    const words = parts.slice(0, -1);
    if (words.length > unigrams || tailLength === size) {
      if (words.length < unigrams) return undefined;
      return new Set(words.slice(words.length - unigrams).filter(isPrintable));
    }
    tailLength = Math.min(size, tailLength * 2);
  }
}

function readArpaWords(text: string): Set<string> | undefined {
  const start = text.indexOf('\\1-grams:');
  if (start < 0) return undefined;
  const words = new Set<string>();
  for (const line of text.slice(start + '\\1-grams:'.length).split('\n')) {
    const trimmed = line.trim();
    if (trimmed.startsWith('\\')) break;
    if (trimmed === '') continue;
    const word = trimmed.split(/\s+/)[1];
    if (word) words.add(word);
  }
  return words.size > 0 ? words : undefined;
}

function isPrintable(word: string): boolean {
  if (word.length === 0) return false;
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) < 0x20) return false;
  return true;
}
