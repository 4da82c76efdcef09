import type { FastifyRequest } from 'fastify';

/**
 * Where the web app lives, for links in mails: PUBLIC_URL when set (it should be in
 * production). Without it the Host header is trusted only when it names this machine's
 * loopback; any other Host could be an attacker's (password-reset link poisoning), so the
 * address the connection actually arrived on is used instead.
 */
export function appOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  if (LOOPBACK_HOST.test(request.hostname)) return `${request.protocol}://${request.host}`;
  const address = request.socket.localAddress ?? '127.0.0.1';
  const host = address.includes(':') ? `[${address}]` : address;
  return `${request.protocol}://${host}:${request.socket.localPort ?? 80}`;
}

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|::1)$/i;

/** The web app's routes (spec §2) that mails point to. */
export const appLinks = {
  verifyEmail: (origin: string, key: string) => `${origin}/auth/verify/${encodeURIComponent(key)}`,
  confirmPasswordReset: (origin: string, key: string) =>
    `${origin}/auth/password/confirm/${encodeURIComponent(key)}`,
  requestPasswordReset: (origin: string) => `${origin}/auth/password/reset`,
  signup: (origin: string) => `${origin}/auth/signup`,
};
