/**
 * Proof that a visitor typed a link's password: a short-lived cookie holding an expiry and an
 * HMAC of the link's id and that expiry, keyed from the server's secret key. It is HttpOnly,
 * SameSite=Lax and scoped to the link's own path, so it opens that link alone and no script
 * can read it; nothing is stored server-side.
 */
import { createHmac } from 'node:crypto';
import { safeEqual } from '../lib/tokens.ts';

export const SHARE_ACCESS_COOKIE = 'voxpad_share';
/** How long a typed password opens the link for. */
export const SHARE_ACCESS_TTL_MS = 2 * 60 * 60 * 1000;
/** Domain separation: the secret key keys nothing else with this label. */
const LABEL = 'voxpad share access v1';

export class ShareAccess {
  readonly #key: Buffer;

  constructor(secretKey: string) {
    this.#key = createHmac('sha256', secretKey).update(LABEL).digest();
  }

  /** A cookie value opening the link `shareId` until `now + SHARE_ACCESS_TTL_MS`. */
  grant(shareId: string, now: number): string {
    const expires = now + SHARE_ACCESS_TTL_MS;
    return `${expires}.${this.#sign(shareId, expires)}`;
  }

  allows(shareId: string, value: string | undefined, now: number): boolean {
    if (!value) return false;
    const dot = value.indexOf('.');
    const expires = Number(value.slice(0, dot));
    if (dot <= 0 || !Number.isSafeInteger(expires) || expires <= now) return false;
    return safeEqual(value.slice(dot + 1), this.#sign(shareId, expires));
  }

  #sign(shareId: string, expires: number): string {
    return createHmac('sha256', this.#key).update(`${shareId}.${expires}`).digest('base64url');
  }
}
