import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case

let lastTime = 0;
let lastRandom: Uint8Array = new Uint8Array(10);

/**
 * A 26-character, time-ordered id (ULID layout). Ordering by id is ordering by creation,
 * which makes cursors simple; ids made in the same millisecond still increase.
 */
export function newId(now: number = Date.now()): string {
  let random: Uint8Array;
  if (now <= lastTime) {
    random = increment(lastRandom);
    now = lastTime;
  } else {
    random = new Uint8Array(randomBytes(10));
  }
  lastTime = now;
  lastRandom = random;
  return encodeTime(now) + encodeRandom(random);
}

function encodeTime(time: number): string {
  let out = '';
  let t = time;
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[t % 32]! + out;
    t = Math.floor(t / 32);
  }
  return out;
}

function encodeRandom(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31]!;
      bits -= 5;
    }
  }
  return out;
}

function increment(bytes: Uint8Array): Uint8Array {
  const next = new Uint8Array(bytes);
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i]! < 255) {
      next[i]! += 1;
      return next;
    }
    next[i] = 0;
  }
  return next;
}

const ID_PATTERN = /^[0-9a-hjkmnp-tv-z]{26}$/;
export function isId(value: string): boolean {
  return ID_PATTERN.test(value);
}
