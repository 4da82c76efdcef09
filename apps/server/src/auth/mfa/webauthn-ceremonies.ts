import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { AuthInputError, type FieldError } from '../auth-errors.ts';
import { CEREMONY_TIMEOUT_MS, type RelyingParty } from './webauthn-settings.ts';

/**
 * The WebAuthn ceremonies, by @simplewebauthn/server: options to hand the browser and the
 * verification of what it answers. Knows nothing of accounts or sessions; every failure
 * becomes allauth's 400 with a message a person can act on.
 */

/** A credential as the options name it (to exclude at registration, to allow at login). */
export interface CredentialDescriptor {
  id: string;
  transports: string[];
}

/** A registered credential's public part, as the account keeps it. */
export interface StoredCredential extends CredentialDescriptor {
  publicKey: string;
  counter: number;
}

/** allauth's user handle: the account id, as bytes. */
export function userHandleOf(userId: string): string {
  return Buffer.from(userId, 'utf8').toString('base64url');
}

const descriptors = (credentials: CredentialDescriptor[]) =>
  credentials.map((c) => ({ id: c.id, transports: c.transports }));

export function creationOptions(
  rp: RelyingParty,
  user: { id: string; username: string; email: string },
  existing: CredentialDescriptor[],
  passwordless: boolean,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.username,
    userID: Buffer.from(user.id, 'utf8'),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: descriptors(existing),
    // allauth's choice: a passkey must be discoverable and verify the person; a plain second
    // factor need be neither.
    authenticatorSelection: passwordless
      ? { residentKey: 'required', requireResidentKey: true, userVerification: 'required' }
      : { residentKey: 'discouraged', requireResidentKey: false, userVerification: 'discouraged' },
    extensions: { credProps: true },
  });
}

export function requestOptions(
  rp: RelyingParty,
  allowed: CredentialDescriptor[],
  userVerification: 'required' | 'preferred',
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    // Empty for a passkey login: the browser offers the discoverable credentials it holds
    // (conditional UI / autofill).
    allowCredentials: descriptors(allowed),
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification,
  });
}

const credentialError = (message: string): AuthInputError =>
  new AuthInputError([{ param: 'credential', code: 'incorrect_code', message } satisfies FieldError]);

const notVerified = credentialError(
  'Your passkey did not confirm it was you (no PIN, fingerprint or face check). Use a passkey that asks for one.',
);
const mismatch = credentialError(
  'The passkey answer does not match this request. Please start again and use your passkey once.',
);
const possibleClone = credentialError(
  'This passkey answered with an old signature count, so it may have been copied. Log in another way and remove it from your account.',
);

function failure(error: unknown): AuthInputError {
  const message = error instanceof Error ? error.message : '';
  if (/user verification (was )?required/i.test(message)) return notVerified;
  if (/counter/i.test(message)) return possibleClone;
  return mismatch;
}

export interface NewCredential extends StoredCredential {
  aaguid: string;
  backedUp: boolean;
  deviceType: string;
  userVerified: boolean;
}

/** Checks a registration against the challenge, origin and RP ID; the new credential's public part. */
export async function verifyRegistration(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  expectedChallenge: string,
  requireUserVerification: boolean,
): Promise<NewCredential> {
  let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    result = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification,
    });
  } catch (error) {
    throw failure(error);
  }
  if (!result.verified) throw mismatch;
  const info = result.registrationInfo;
  return {
    id: info.credential.id,
    publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
    counter: info.credential.counter,
    transports: info.credential.transports ?? response.response.transports ?? [],
    aaguid: info.aaguid,
    backedUp: info.credentialBackedUp,
    deviceType: info.credentialDeviceType,
    userVerified: info.userVerified,
  };
}

/**
 * Checks an assertion against the challenge, origin, RP ID and the stored public key, and
 * that the signature counter moved forward (a clone's does not); the counter to store.
 */
export async function verifyAssertion(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  expectedChallenge: string,
  stored: StoredCredential,
  requireUserVerification: boolean,
): Promise<{ newCounter: number; backedUp: boolean }> {
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: stored.id,
        publicKey: Buffer.from(stored.publicKey, 'base64url'),
        counter: stored.counter,
        transports: stored.transports,
      },
      requireUserVerification,
    });
  } catch (error) {
    throw failure(error);
  }
  if (!result.verified) throw mismatch;
  return {
    newCounter: result.authenticationInfo.newCounter,
    backedUp: result.authenticationInfo.credentialBackedUp,
  };
}
