/**
 * The build-time settings (`VITE_*`), read once. Plain checks rather than zod: this module is in
 * the entry chunk every page loads, the login page too (ADR 0055).
 */
export interface Env {
  VITE_SENTRY_DSN: string | undefined;
  VITE_SENTRY_TUNNEL: string | undefined;
  VITE_SUPPORT_EMAIL: string;
  /** Origin of the API when it is not served from the app's own origin; empty means same origin. */
  VITE_API_URL: string;
  DEV: boolean;
  PROD: boolean;
  MODE: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An unset variable and an empty one (`VITE_SENTRY_DSN=`) mean the same: not configured. */
function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function isUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

export function parseEnv(source: Record<string, unknown>): Env {
  const problems: string[] = [];
  const dsn = optionalString(source.VITE_SENTRY_DSN);
  if (dsn !== undefined && !isUrl(dsn)) problems.push('- VITE_SENTRY_DSN: Invalid URL');
  const supportEmail = optionalString(source.VITE_SUPPORT_EMAIL) ?? 'support@voxpad.local';
  if (!EMAIL.test(supportEmail)) problems.push('- VITE_SUPPORT_EMAIL: Invalid email address');
  const apiUrl = source.VITE_API_URL ?? '';
  if (typeof apiUrl !== 'string') problems.push('- VITE_API_URL: Expected text');
  for (const flag of ['DEV', 'PROD'] as const) {
    if (typeof source[flag] !== 'boolean') problems.push(`- ${flag}: Expected true or false`);
  }
  if (typeof source.MODE !== 'string') problems.push('- MODE: Expected text');
  if (problems.length > 0) {
    throw new Error(`Invalid environment for the web app:\n${problems.join('\n')}`);
  }
  return {
    VITE_SENTRY_DSN: dsn,
    VITE_SENTRY_TUNNEL: optionalString(source.VITE_SENTRY_TUNNEL),
    VITE_SUPPORT_EMAIL: supportEmail,
    VITE_API_URL: String(apiUrl).trim().replace(/\/+$/, ''),
    DEV: source.DEV === true,
    PROD: source.PROD === true,
    MODE: String(source.MODE),
  };
}

export const env: Env = parseEnv(import.meta.env);
