import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.ts';

export const SECRET_KEY_FILE = 'secret-key';

/**
 * The key that seals secrets at rest: SECRET_KEY when set (required in production, where
 * configuration refuses to start without it); otherwise one made at random on first start and
 * kept in DATA_DIR/secret-key (owner-only), so a development server's two-factor secrets
 * survive restarts.
 */
export async function resolveSecretKey(config: Pick<Config, 'secretKey' | 'dataDir'>): Promise<string> {
  if (config.secretKey) return config.secretKey;
  const file = path.join(config.dataDir, SECRET_KEY_FILE);
  const existing = await readKey(file);
  if (existing) return existing;
  await fs.mkdir(config.dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  // Written whole under another name, then linked into place: the link fails when another
  // process starting at the same moment got there first, and then its key is the one.
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await fs.writeFile(draft, `${key}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await fs.link(draft, file);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const written = await readKey(file);
    if (!written) throw new Error(`${file} is empty: remove it or set SECRET_KEY.`, { cause: error });
    return written;
  } finally {
    await fs.rm(draft, { force: true });
  }
}

async function readKey(file: string): Promise<string | undefined> {
  try {
    const text = (await fs.readFile(file, 'utf8')).trim();
    return text === '' ? undefined : text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
