import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import * as initial from './migrations/0001-initial.ts';
import * as accounts from './migrations/0002-accounts.ts';
import * as product from './migrations/0003-product.ts';
import * as transcriptionJobs from './migrations/0004-transcription-jobs.ts';
import * as apiTokens from './migrations/0005-api-tokens.ts';
import * as socialAccounts from './migrations/0006-social-accounts.ts';
import * as padListVersion from './migrations/0007-pad-list-version.ts';
import * as apiTokenExpiry from './migrations/0008-api-token-expiry.ts';
import * as rateLimitWeights from './migrations/0009-rate-limit-weights.ts';
import * as sessionAuthenticatedAt from './migrations/0010-session-authenticated-at.ts';
import * as emailAddresses from './migrations/0011-email-addresses.ts';
import * as voiceNoteTitleSource from './migrations/0012-voice-note-title-source.ts';
import * as authenticators from './migrations/0013-authenticators.ts';
import * as uploads from './migrations/0014-uploads.ts';
import * as cacheSignals from './migrations/0015-cache-signals.ts';
import * as versionEngine from './migrations/0016-version-engine.ts';
import * as readableTranscripts from './migrations/0017-readable-transcripts.ts';
import * as vocabulary from './migrations/0018-vocabulary.ts';
import * as transcriptReview from './migrations/0019-transcript-review.ts';
import * as adaptation from './migrations/0020-adaptation.ts';
import * as adaptationGain from './migrations/0022-adaptation-gain.ts';
import * as shares from './migrations/0023-shares.ts';
import * as tags from './migrations/0024-tags.ts';
import * as deletedVoiceNotes from './migrations/0025-deleted-voice-notes.ts';
import * as imports from './migrations/0026-imports.ts';
import * as webhooks from './migrations/0027-webhooks.ts';
import * as summaries from './migrations/0028-summaries.ts';
import * as speakers from './migrations/0029-speakers.ts';
import * as highlights from './migrations/0030-highlights.ts';
import * as voiceNotePeaks from './migrations/0031-voice-note-peaks.ts';
import * as voiceProfiles from './migrations/0032-voice-profiles.ts';
import * as searchFilterIndexes from './migrations/0033-search-filter-indexes.ts';
import * as recentSearchIndex from './migrations/0034-recent-search-index.ts';

/**
 * Migrations are imported, not read from disk, so the bundled server carries them and
 * both dialects run exactly the same list in the same order.
 */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-accounts': accounts,
  '0003-product': product,
  '0004-transcription-jobs': transcriptionJobs,
  '0005-api-tokens': apiTokens,
  '0006-social-accounts': socialAccounts,
  '0007-pad-list-version': padListVersion,
  '0008-api-token-expiry': apiTokenExpiry,
  '0009-rate-limit-weights': rateLimitWeights,
  '0010-session-authenticated-at': sessionAuthenticatedAt,
  '0011-email-addresses': emailAddresses,
  '0012-voice-note-title-source': voiceNoteTitleSource,
  '0013-authenticators': authenticators,
  '0014-uploads': uploads,
  '0015-cache-signals': cacheSignals,
  '0016-version-engine': versionEngine,
  '0017-readable-transcripts': readableTranscripts,
  '0018-vocabulary': vocabulary,
  '0019-transcript-review': transcriptReview,
  '0020-adaptation': adaptation,
  '0022-adaptation-gain': adaptationGain,
  '0023-shares': shares,
  '0024-tags': tags,
  '0025-deleted-voice-notes': deletedVoiceNotes,
  '0026-imports': imports,
  '0027-webhooks': webhooks,
  '0028-summaries': summaries,
  '0029-speakers': speakers,
  '0030-highlights': highlights,
  '0031-voice-note-peaks': voiceNotePeaks,
  '0032-voice-profiles': voiceProfiles,
  '0033-search-filter-indexes': searchFilterIndexes,
  '0034-recent-search-index': recentSearchIndex,
};

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
