import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { appOrigin } from '../links.ts';

/** The name authenticators show beside a passkey. */
export const RELYING_PARTY_NAME = 'Voxpad';

/** How long a ceremony's options stay good: the browser's timeout and the challenge's lifetime. */
export const CEREMONY_TIMEOUT_MS = 5 * 60 * 1000;

/** Who passkeys are made for and where their answers must come from. */
export interface RelyingParty {
  name: string;
  /** The RP ID: PUBLIC_URL's host name (never a port); browsers refuse IP addresses here. */
  id: string;
  /** The only origin whose answers count: PUBLIC_URL's, or the address the server was reached on. */
  origin: string;
}

/**
 * Derived from the same origin mailed links use (links.ts): PUBLIC_URL when set, else the
 * address the connection arrived on. Never from Host or Origin headers, which the caller
 * writes. A browser only creates passkeys on a secure context with a domain name, so a
 * site to be used from a browser names itself in PUBLIC_URL (https://..., or
 * http://localhost:<port> on one machine); the API tests reach the server on 127.0.0.1.
 */
export function relyingParty(request: FastifyRequest, publicUrl: string | undefined): RelyingParty {
  const origin = appOrigin(request, publicUrl);
  const host = new URL(origin).hostname;
  // URL keeps the brackets of an IPv6 host; an RP ID never has them.
  return { name: RELYING_PARTY_NAME, id: host.replace(/^\[(.*)\]$/, '$1'), origin };
}

/**
 * The origin at which browsers let people use passkeys with this server, told to the web app
 * in the auth config (`mfa.passkey_origin`), or null where they never will: browsers refuse an
 * IP address as the RP ID and ask for a secure context, which over plain HTTP only a
 * `localhost` name is. Without PUBLIC_URL the RP ID is the address a connection arrived on,
 * an IP address. The web app offers passkeys only on a page at this origin and says where
 * they work on the others (e.g. http://127.0.0.1:8080 beside `npm start`'s http://localhost:8080).
 */
export function passkeyOrigin(publicUrl: string | undefined): string | null {
  if (!publicUrl) return null;
  const url = new URL(publicUrl);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0) return null;
  if (url.protocol === 'https:') return url.origin;
  return host === 'localhost' || host.endsWith('.localhost') ? url.origin : null;
}
