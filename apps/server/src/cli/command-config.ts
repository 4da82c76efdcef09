import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config/config.ts';

/**
 * The server's configuration, for the maintenance commands (migrate-store, backup, restore):
 * they read DATA_DIR, DATABASE_URL and the S3_* settings, but build no links and seal no
 * secrets, so the server's PUBLIC_URL and SECRET_KEY rules must not stop them.
 */
export function loadCommandConfig(env: NodeJS.ProcessEnv): Config {
  return loadConfig({ PUBLIC_URL: 'http://localhost', ...env, NODE_ENV: 'development' });
}

/** A wrong option or setting: the commands print the message and exit with this code. */
export const USAGE_EXIT = 2;

export class UsageError extends Error {
  override name = 'UsageError';
}

/** Config problems are usage errors too: the person running the command has to fix them. */
export function asUsageError(error: unknown): UsageError | undefined {
  if (error instanceof UsageError) return error;
  if (error instanceof ConfigError) return new UsageError(error.message);
  return undefined;
}

/** True when this module is the script node was started with (not imported by a test). */
export function isEntryPoint(moduleUrl: string): boolean {
  const script = process.argv[1];
  return Boolean(script) && moduleUrl === new URL(`file://${path.resolve(script ?? '')}`).href;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
