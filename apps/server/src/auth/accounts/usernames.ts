import { LIMITS } from '@voxpad/shared/limits';
import type { Db } from '../../db/database.ts';
import { usernameErrors } from './account-validation.ts';
import { normaliseUsername } from './users-repository.ts';

/** Numbered candidates tried in one query before falling back to random numbers. */
const NUMBERED_CANDIDATES = 50;

/**
 * allauth's username base for an address: the local part, folded to ASCII, lower-cased, with
 * only the characters usernames allow (`Zoë.Smith+notes@…` gives `zoe.smith+notes`); "user"
 * when nothing usable is left.
 */
export function usernameBaseFromEmail(email: string): string {
  const local = email.trim().split('@')[0] ?? '';
  const base = local
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[^\w\s@+.-]/g, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '_')
    .slice(0, LIMITS.usernameMax);
  return usernameErrors(base).length === 0 ? base : 'user';
}

function withSuffix(base: string, suffix: string): string {
  return base.slice(0, LIMITS.usernameMax - suffix.length) + suffix;
}

/**
 * The first free username among `base`, `base2`, `base3`, ... (one query), then random
 * numbers. Free now, not reserved: the caller inserts and retries if a racing signup wins.
 */
export async function uniqueUsername(db: Db, base: string): Promise<string> {
  const numbered = [base];
  for (let n = 2; n <= NUMBERED_CANDIDATES; n++) numbered.push(withSuffix(base, String(n)));
  const taken = new Set(
    (
      await db
        .selectFrom('users')
        .select('username_key')
        .where('username_key', 'in', numbered.map(normaliseUsername))
        .execute()
    ).map((row) => row.username_key),
  );
  const free = numbered.find((candidate) => !taken.has(normaliseUsername(candidate)));
  if (free) return free;
  for (;;) {
    const candidate = withSuffix(base, String(100 + Math.floor(Math.random() * 999_900)));
    const clash = await db
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', normaliseUsername(candidate))
      .executeTakeFirst();
    if (!clash) return candidate;
  }
}
