import type { TLSSocket } from 'node:tls';
import type { FastifyRequest } from 'fastify';

/**
 * Where the web app lives, for links in mails and the OAuth redirect URI: PUBLIC_URL when set
 * (production requires it), else the address and port the connection actually arrived on.
 * Never a request header: Host and X-Forwarded-* are the caller's to choose, and a link built
 * from them hands reset keys and OAuth codes to whoever wrote them (link poisoning).
 */
export function appOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const socket = request.socket;
  // A dual-stack listener reports IPv4 peers as ::ffff:a.b.c.d; the plain form is the usable one.
  const address = (socket.localAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const host = address.includes(':') ? `[${address}]` : address;
  const encrypted = (socket as Partial<TLSSocket>).encrypted === true;
  return `${encrypted ? 'https' : 'http'}://${host}:${socket.localPort ?? (encrypted ? 443 : 80)}`;
}

/** The web app's routes (spec §2) that mails point to. */
export const appLinks = {
  verifyEmail: (origin: string, key: string) => `${origin}/auth/verify/${encodeURIComponent(key)}`,
  /** An address added in the account area: confirmed there, by the logged-in person. */
  verifyAddedEmail: (origin: string, key: string) =>
    `${origin}/account/email/verify/${encodeURIComponent(key)}`,
  confirmPasswordReset: (origin: string, key: string) =>
    `${origin}/auth/password/confirm/${encodeURIComponent(key)}`,
  requestPasswordReset: (origin: string) => `${origin}/auth/password/reset`,
  signup: (origin: string) => `${origin}/auth/signup`,
  connections: (origin: string) => `${origin}/account/connections`,
  apiTokens: (origin: string) => `${origin}/account/api-tokens`,
};
