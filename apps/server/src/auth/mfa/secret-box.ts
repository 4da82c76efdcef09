import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** HKDF "info": a key derived for sealing is never the key of anything else derived from SECRET_KEY. */
const PURPOSE = 'voxpad secret box v1';

/** Thrown when a sealed value was altered, is malformed, or was sealed under another key. */
export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

/**
 * Authenticated encryption (AES-256-GCM) of short strings with a key derived by HKDF from
 * configuration's SECRET_KEY. A sealed value reads "v1.<iv>.<ciphertext>.<tag>" (base64url);
 * `context` is bound as associated data, so a value sealed for one purpose (e.g. one user's
 * authenticator) cannot be passed off as another.
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(secretKey: string) {
    if (secretKey.length < 16) throw new SecretBoxError('The secret key is too short.');
    this.#key = Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), PURPOSE, 32));
  }

  seal(plaintext: string, context = ''): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, body, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string, context = ''): string {
    const parts = sealed.split('.');
    if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError('Not a sealed value.');
    const [iv, body, tag] = parts.slice(1).map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !body || !tag || iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
      throw new SecretBoxError('Not a sealed value.');
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('The sealed value was altered or sealed under another key.');
    }
  }
}
