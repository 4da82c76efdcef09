import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software WebAuthn authenticator, the test client's stand-in for a security key or a
 * phone: it answers the server's creation and request options the way a browser and an
 * authenticator would together (ES256 keys, "none" attestation, a signature counter), so the
 * server's real verification runs against real signatures. It can also misbehave on purpose
 * (no user verification, a counter that goes back) for the tests of what must be refused.
 */

type Json = Record<string, unknown>;

export interface SoftCredential {
  /** base64url credential id. */
  id: string;
  privateKey: KeyObject;
  /** The user handle the server gave at registration (base64url). */
  userHandle: string;
  rpId: string;
  counter: number;
  discoverable: boolean;
}

export interface CreationOptionsJSON {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
  excludeCredentials?: { id: string }[];
  authenticatorSelection?: { residentKey?: string; userVerification?: string };
}

export interface RequestOptionsJSON {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
  userVerification?: string;
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

// --- A minimal CBOR encoder: what attestation objects and COSE keys need, nothing more. ---

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(length, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') {
    return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const parts = [cborHead(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

/** The credential public key as a COSE_Key (EC2, P-256, ES256). */
function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  if (!jwk.x || !jwk.y) throw new Error('not an EC key');
  return cbor(
    new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x, 'base64url')],
      [-3, Buffer.from(jwk.y, 'base64url')],
    ]),
  );
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter >>> 0);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
}

export interface CeremonyOptions {
  /** The user verified themselves (PIN, fingerprint): sets UV. Default true. */
  userVerified?: boolean;
  /** Overrides what the browser would write in clientDataJSON. */
  origin?: string;
  challenge?: string;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  /** `origin` is the page the browser is on, e.g. the test app's base URL. */
  constructor(readonly origin: string) {}

  get rpId(): string {
    return new URL(this.origin).hostname;
  }

  /** navigator.credentials.create(): a new key pair for this RP, answered in the JSON clients post. */
  create(options: CreationOptionsJSON, ceremony: CeremonyOptions = {}): Json {
    const rpId = options.rp.id ?? this.rpId;
    if (options.excludeCredentials?.some((c) => this.credentials.some((own) => own.id === c.id))) {
      throw new Error('InvalidStateError: this authenticator already holds a credential for the account');
    }
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const rawId = randomBytes(16);
    const discoverable = options.authenticatorSelection?.residentKey !== 'discouraged';
    const credential: SoftCredential = {
      id: b64url(rawId),
      privateKey,
      userHandle: options.user.id,
      rpId,
      counter: 0,
      discoverable,
    };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(rawId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, rawId, coseKey(publicKey)]);
    const flags = FLAG_UP | FLAG_AT | (ceremony.userVerified === false ? 0 : FLAG_UV);
    const authData = authenticatorData(rpId, flags, credential.counter, attested);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: ceremony.challenge ?? options.challenge,
      origin: ceremony.origin ?? this.origin,
      crossOrigin: false,
    });
    this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: { credProps: { rk: discoverable } },
    };
  }

  /**
   * navigator.credentials.get(): signs the challenge with a credential the options allow
   * (`use` picks one; with no allow list, a discoverable one as conditional UI would).
   */
  get(options: RequestOptionsJSON, ceremony: CeremonyOptions & { use?: SoftCredential } = {}): Json {
    const rpId = options.rpId ?? this.rpId;
    const allowed = options.allowCredentials ?? [];
    const credential =
      ceremony.use ??
      this.credentials.find(
        (c) => c.rpId === rpId && (allowed.length > 0 ? allowed.some((a) => a.id === c.id) : c.discoverable),
      );
    if (!credential) throw new Error('NotAllowedError: no credential for this request');
    credential.counter += 1;
    return this.assertion(credential, {
      challenge: ceremony.challenge ?? options.challenge,
      origin: ceremony.origin ?? this.origin,
      userVerified: ceremony.userVerified !== false,
    });
  }

  /** An assertion signed exactly as given, e.g. with a counter a clone would have. */
  assertion(
    credential: SoftCredential,
    {
      challenge,
      origin,
      userVerified,
      counter,
    }: { challenge: string; origin: string; userVerified: boolean; counter?: number },
  ): Json {
    const flags = FLAG_UP | (userVerified ? FLAG_UV : 0);
    const authData = authenticatorData(credential.rpId, flags, counter ?? credential.counter);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge, origin, crossOrigin: false }),
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.discoverable ? credential.userHandle : undefined,
      },
      clientExtensionResults: {},
    };
  }
}
