import type { FastifyRequest } from 'fastify';

/**
 * Where the web app lives, for links in mails: PUBLIC_URL when set (it should be in
 * production: the Host header is the caller's to choose), else the origin the request came to.
 */
export function appOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

/** The web app's routes (spec §2) that mails point to. */
export const appLinks = {
  verifyEmail: (origin: string, key: string) => `${origin}/auth/verify/${encodeURIComponent(key)}`,
  confirmPasswordReset: (origin: string, key: string) =>
    `${origin}/auth/password/confirm/${encodeURIComponent(key)}`,
  requestPasswordReset: (origin: string) => `${origin}/auth/password/reset`,
  signup: (origin: string) => `${origin}/auth/signup`,
};
