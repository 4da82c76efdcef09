/**
 * What the service worker keeps for offline use, and what it must never keep. Pure, so the
 * rules are tested without a worker.
 */

/** Recently read pads, notes and transcripts (NetworkFirst): shown when the server is out of reach. */
export const API_CACHE = 'voxpad-api-v1';
/** Files another app shared into Voxpad, until the person picks their pad. */
export const SHARED_FILES_CACHE = 'voxpad-shared-files';
/** Prefix of the app shell's precache; one per release, the old ones are dropped. */
export const SHELL_CACHE_PREFIX = 'voxpad-shell-';

/** Where the manifest's share_target posts; the worker answers it and redirects to the page. */
export const SHARE_TARGET_PATH = '/share';
/** The form field the shared audio files arrive in (the manifest's share_target.params.files). */
export const SHARE_TARGET_FILES_FIELD = 'audio';
/** Cache keys of shared files: `${SHARED_FILE_PREFIX}${batch}/${index}`. */
export const SHARED_FILE_PREFIX = '/__voxpad-shared/';

const API_BASE = '/api/v1/';
const SEGMENT = '[^/]+';

/**
 * GET answers worth showing offline: the pads list, a pad, its notes, a note with its
 * transcript, the recent notes and the stats. Not audio (range requests a cache would
 * answer wrongly), not live progress streams, not uploads, not search, not auth.
 */
const READABLE_OFFLINE = [
  'pad/',
  `pad/${SEGMENT}/`,
  `pad/${SEGMENT}/voicenote/`,
  `pad/${SEGMENT}/voicenote/${SEGMENT}/`,
  `pad/${SEGMENT}/voicenote/${SEGMENT}/versions/`,
  'voicenote/recent/',
  'stats/',
].map((pattern) => new RegExp(`^${API_BASE}${pattern}$`));

export interface RequestFacts {
  method: string;
  url: URL;
  /** The worker's own origin: other origins are never touched. */
  origin: string;
  /** The request carries a Range header (audio seeking). */
  ranged?: boolean;
}

export function isOfflineReadable({ method, url, origin, ranged = false }: RequestFacts): boolean {
  if (method !== 'GET' || ranged || url.origin !== origin) return false;
  return READABLE_OFFLINE.some((pattern) => pattern.test(url.pathname));
}

/**
 * A sign-in, sign-out or account change: the cached answers may belong to someone else
 * from now on, so they are dropped.
 */
export function changesWhoIsSignedIn({ method, url, origin }: RequestFacts): boolean {
  return (
    method !== 'GET' && method !== 'HEAD' && url.origin === origin && url.pathname.startsWith('/_headless/')
  );
}

/**
 * Whether an answer may be kept for offline reading: a full, successful JSON answer the
 * server did not mark `no-store` (secrets, such as a new API token, are).
 */
export function isKeepableAnswer(
  status: number,
  contentType: string | null,
  cacheControl: string | null,
): boolean {
  if (status !== 200) return false;
  if (!(contentType ?? '').includes('application/json')) return false;
  return !/no-store/i.test(cacheControl ?? '');
}

/** Page loads the worker answers with the app shell when the network is gone. */
export function isAppNavigation({ method, url, origin }: RequestFacts, mode: string): boolean {
  if (method !== 'GET' || mode !== 'navigate' || url.origin !== origin) return false;
  return !['/api/', '/_headless/', '/v1/', '/healthz', '/readyz'].some((prefix) =>
    url.pathname.startsWith(prefix),
  );
}

export function isShareTarget({ method, url, origin }: RequestFacts): boolean {
  return method === 'POST' && url.origin === origin && url.pathname === SHARE_TARGET_PATH;
}
