import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { rm } from 'node:fs/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import type { Config } from './config/config.ts';
import { createDatabase, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { loggerOptions } from './logger.ts';
import { tokenSafeguards } from './auth/api-tokens/token-safeguards.ts';
import { accountDeletionSafeguards } from './auth/routes/account-deletion-safeguards.ts';
import { registerAccountDeletionRoutes } from './account-deletion/account-deletion-routes.ts';
import { authApi, AUTH_PREFIX } from './auth/auth-api.ts';
import type { AuthContext } from './auth/auth-context.ts';
import type { AuthSettings } from './auth/auth-settings.ts';
import { PasswordHasher, SCRYPT_COSTS } from './auth/password/passwords.ts';
import { SecretBox } from './auth/mfa/secret-box.ts';
import { resolveSecretKey } from './config/secret-key.ts';
import { SessionStore } from './auth/sessions/session-store.ts';
import { socialFormActionOrigins } from './auth/social/social-settings.ts';
import { SESSION_COOKIE, SessionCookies, sessionPlugin } from './auth/sessions/session-plugin.ts';
import { createMailer, outboxDir } from './email/create-mailer.ts';
import { registerDevOutboxRoutes } from './email/dev-outbox-routes.ts';
import { MailQueue } from './email/mail-queue.ts';
import { registerCompression } from './http/compression.ts';
import { csrfPlugin } from './http/csrf.ts';
import { handleError } from './http/error-handler.ts';
import { registerHealthRoutes } from './http/health-routes.ts';
import { Metrics } from './metrics/metrics.ts';
import { registerMetricsRoute } from './metrics/metrics-route.ts';
import { registerRequestTiming } from './metrics/request-timing.ts';
import { clientErrorHandler, frameworkErrorHandler } from './http/framework-errors.ts';
import {
  apiHeaders,
  registerSecurityHeaders,
  securityHeadersFor,
  type SecurityHeaderOptions,
} from './http/security-headers.ts';
import { closeIdleConnectionsWhileClosing } from './http/idle-connections.ts';
import { registerSpa, WebAppFileLogging } from './http/spa.ts';
import { TranscriptionQueue } from './jobs/transcription-queue.ts';
import { TranscriptionRunner } from './jobs/transcription-runner.ts';
import { JobEvents } from './jobs/job-events.ts';
import { PostgresJobRelay } from './jobs/postgres-job-relay.ts';
import { generationOf } from './db/generation.ts';
import { PostgresGeneration } from './db/postgres-generation.ts';
import { registerPadRoutes } from './pads/pads-routes.ts';
import { RateLimiter } from './rate-limit/rate-limiter.ts';
import { QuotaGuard } from './quotas/quota-guard.ts';
import { registerSearchRoutes } from './search/search-routes.ts';
import { registerSettingsRoutes } from './settings/settings-routes.ts';
import { AdaptationQueue } from './adaptation/state/adaptation-queue.ts';
import { AdaptationRunner } from './adaptation/builder/adaptation-runner.ts';
import { reviewedNotesSource } from './adaptation/builder/reviewed-notes-source.ts';
import { PersonalModelCache } from './adaptation/loading/personal-model-cache.ts';
import { personalModelLookup } from './adaptation/loading/personal-model-lookup.ts';
import { voiceProfileLookup } from './transcripts/owner-voice/voice-profile-store.ts';
import type { PersonalModelLookup } from './transcription/personal-model.ts';
import { registerAdaptationRoutes } from './adaptation/routes/adaptation-routes.ts';
import { registerStatsRoutes } from './stats/stats-routes.ts';
import { createBlobStorage } from './storage/create-blob-storage.ts';
import { periodicSweeps } from './maintenance/sweep-schedule.ts';
import type { BlobStorage } from './storage/blob-storage.ts';
import { createTranscriber } from './transcription/engine-factory.ts';
import { resolveModel } from './transcription/pocketsphinx/model.ts';
import { LiveDecoderPool } from './transcription/pocketsphinx/live-decoder-pool.ts';
import { resolveWorkerEntry } from './transcription/worker-entry.ts';
import { registerVoiceNoteRoutes } from './voice-notes/voice-notes-routes.ts';
import { bulkNoteTags } from './tags/bulk-note-tags.ts';
import { PeaksMaker } from './peaks/peaks-maker.ts';
import { registerPeaksRoutes } from './peaks/peaks-routes.ts';
import { createPeaksStore } from './peaks/peaks-store.ts';
import { registerTagRoutes } from './tags/tags-routes.ts';
import { registerHighlightRoutes } from './highlights/highlights-routes.ts';
import type { FilingSettings } from './voice-notes/file-within-quota.ts';
import { registerUploadRoutes } from './uploads/uploads-routes.ts';
import { registerLiveRoutes } from './live/live-routes.ts';
import { onLiveSocketError } from './live/socket-errors.ts';
import { createAudioDecoder, type DecodeAudio } from './transcription/audio/audio-decoder.ts';
import { registerTranscriptRoutes } from './transcripts/transcripts-routes.ts';
import { registerSpeakerRoutes } from './speakers/speakers-routes.ts';
import { registerProgressStream } from './jobs/progress-stream.ts';
import { registerJobRoutes } from './jobs/job-routes.ts';
import { registerApiTokenRoutes } from './api-tokens/api-tokens-routes.ts';
import { registerApiDescriptionRoutes } from './api-description/api-description-routes.ts';
import { openAiCompatApi } from './openai-compat/openai-compat-routes.ts';
import { StockDictionary } from './vocabulary/stock-dictionary.ts';
import { registerVocabularyRoutes } from './vocabulary/vocabulary-routes.ts';
import { AudioCuts } from './shares/audio-cuts.ts';
import { publicSharesApi, PUBLIC_SHARES_PREFIX } from './shares/public-shares-routes.ts';
import { ShareAccess } from './shares/share-access.ts';
import { registerShareRoutes } from './shares/shares-routes.ts';
import { registerExportRoutes } from './exports/export-routes.ts';
import { registerImportRoutes } from './imports/import-routes.ts';
import { ImportRunner } from './imports/import-runner.ts';
import { importTempDir } from './imports/import-service.ts';
import { registerBulkActionRoutes } from './bulk-actions/bulk-actions-routes.ts';
import type { Transcriber } from './transcription/transcriber.ts';
import { type ResolveHost, systemResolve } from './webhooks/guarded-post.ts';
import { WebhookDispatcher } from './webhooks/webhook-dispatcher.ts';
import { WebhookOutbox } from './webhooks/webhook-outbox.ts';
import { registerWebhookRoutes } from './webhooks/webhooks-routes.ts';
import { allNoteEvents } from './lib/note-events.ts';
import { AutoSummaries } from './summaries/auto-summaries.ts';
import { registerSummaryRoutes } from './summaries/summaries-routes.ts';
import type { SummaryDeps } from './summaries/summaries-service.ts';
import { SummaryRunner } from './summaries/summary-runner.ts';

export interface App {
  app: FastifyInstance;
  db: Db;
  storage: BlobStorage;
  runner: TranscriptionRunner | undefined;
  /** The adaptation builder of a worker process (ADR 0038). */
  adaptation: AdaptationRunner | undefined;
  /** Mails sent after responses (API role only); tests drain it to know all mail went out. */
  mail: MailQueue | undefined;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

export interface BuildOptions {
  /** Where logs go instead of stdout (tests read them). */
  logStream?: DestinationStream;
  /**
   * Load a live decoder thread before any stream asks (pocketsphinx, API role), so the first
   * live recording after a start has no cold start. The listening server does; most tests do not
   * need its ~95 MB.
   */
  warmLiveDecoder?: boolean;
  /** How webhook targets' names are resolved (tests map names to addresses of their choosing). */
  webhookResolve?: ResolveHost;
  /**
   * Called with the bare instance before anything is registered, so hooks added here see every
   * route and every answer: tests read the route table and check the product API's answers
   * against its OpenAPI document (ADR 0049).
   */
  instrument?: (app: FastifyInstance) => void;
}

/**
 * Builds the whole server as a Fastify instance without listening (tests use inject() or
 * listen on port 0). Closing the app stops the worker, the engine and the database.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const headerOptions: SecurityHeaderOptions = {
    hsts: config.secureCookies,
    formActionOrigins: socialFormActionOrigins(config.social.providers),
    apiPrefixes: ['/api/', '/_headless/', '/v1/'],
    connectOrigins: config.webConnectOrigins,
  };
  const app = Fastify({
    // Requests refused before any hook runs (too-long ids, broken escapes, oversized URLs)
    // still get our headers and error shape.
    frameworkErrors: frameworkErrorHandler(securityHeadersFor(headerOptions)),
    clientErrorHandler: clientErrorHandler(apiHeaders(headerOptions)),
    logger: loggerOptions(config, options.logStream),
    logController: new WebAppFileLogging(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });
  options.instrument?.(app);
  closeIdleConnectionsWhileClosing(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  app.setErrorHandler(handleError);
  // Both APIs speak JSON (audio uploads register their own parser); plain text is refused with 415.
  app.removeContentTypeParser('text/plain');

  const db = createDatabase(config.database);
  const migrated = await migrateToLatest(db);
  if (migrated.length > 0) app.log.info({ migrated }, 'database migrated');
  const generation = generationOf(db);
  if (generation instanceof PostgresGeneration && config.database.kind === 'postgres' && config.jobSignals) {
    // Sessions and pad-list versions are then cached here, exact across processes (ADR 0023).
    await generation.listen(app.log.child({ component: 'cache-signals' }));
  }
  const storage = createBlobStorage(config.storage);
  const peaksStore = createPeaksStore({ db, storage });

  /**
   * Shutdown runs in this order (Fastify runs onClose hooks newest first, so one hook owns the
   * order): finish transcriptions, release the engine, deliver queued mail, close the database.
   */
  const shutdownSteps: (() => Promise<void>)[] = [];
  app.addHook('onClose', async () => {
    for (const step of shutdownSteps) {
      await step().catch((err: unknown) => app.log.error({ err }, 'shutdown step failed'));
    }
    await relay?.close();
    await db.destroy();
    storage.close?.();
  });

  let shuttingDown = false;
  app.addHook('preClose', (done) => {
    shuttingDown = true;
    done();
  });

  const queue = new TranscriptionQueue(db, config.database.kind, config.quotas.jobsPerUser);
  const metrics = new Metrics(() => queue.snapshot());
  registerRequestTiming(app, metrics);
  const jobEvents = new JobEvents();
  let relay: PostgresJobRelay | undefined;
  if (config.database.kind === 'postgres' && config.jobSignals) {
    relay = new PostgresJobRelay(config.database.url, jobEvents, app.log.child({ component: 'job-signals' }));
    await relay.start();
  }
  // Every process records note events for webhooks; API processes send them (ADR 0048).
  let webhookDispatcher: WebhookDispatcher | undefined;
  const webhookLog = app.log.child({ component: 'webhooks' });
  // Summaries (ADR 0052): every process queues automatic ones; API processes write them.
  let summaryRunner: SummaryRunner | undefined;
  const summaryLog = app.log.child({ component: 'summaries' });
  const summaryDeps: SummaryDeps = {
    db,
    settings: config.summaries,
    onQueued: () => summaryRunner?.wake(),
  };
  const noteEvents = allNoteEvents(
    new WebhookOutbox(db, webhookLog, () => webhookDispatcher?.wake()),
    new AutoSummaries(summaryDeps, summaryLog),
  );
  const adaptationQueue = new AdaptationQueue(db, config.database.kind);
  // Each person's notes, live streams and /v1 requests decode with their build (ADR 0040).
  const adapting = config.adaptation.enabled && config.transcription.engine === 'pocketsphinx';
  let personalModel: PersonalModelLookup | undefined;
  if (adapting) {
    // Each process unpacks into its own folder: processes sharing a data directory never clash.
    const cacheDir = path.join(config.dataDir, 'models', 'cache', randomUUID());
    const cache = new PersonalModelCache({
      storage,
      queue: adaptationQueue,
      dir: cacheDir,
      stockDir: config.transcription.pocketsphinxModelDir,
      maxModels: config.adaptation.modelCache,
    });
    personalModel = personalModelLookup(cache, app.log.child({ component: 'adaptation' }));
    shutdownSteps.push(async () => {
      await cache.close();
      await rm(cacheDir, { recursive: true, force: true });
    });
  }
  let runner: TranscriptionRunner | undefined;
  // The engine of this process: the worker's, or made on first use by /v1/audio/transcriptions.
  let engine: Promise<Transcriber> | undefined;
  let workerEngine: { transcriber: Transcriber; decodeAudio: DecodeAudio } | undefined;
  if (config.roles.worker) {
    const transcriber = await createTranscriber(config);
    const decodeAudio = createAudioDecoder({ maxDurationSeconds: config.maxDurationSeconds });
    engine = Promise.resolve(transcriber);
    workerEngine = { transcriber, decodeAudio };
    runner = new TranscriptionRunner({
      queue,
      storage,
      transcriber,
      decodeAudio,
      log: app.log.child({ component: 'transcription' }),
      concurrency: config.transcription.concurrency,
      events: jobEvents,
      observer: metrics,
      pollMs: config.jobPollMs,
      ...(config.transcriptionLeaseMs ? { leaseMs: config.transcriptionLeaseMs } : {}),
      ...(personalModel ? { personalModel } : {}),
      voiceProfile: voiceProfileLookup(db),
      noteEvents,
      peaks: peaksStore,
    });
    const started = runner;
    shutdownSteps.push(
      () => started.stop(),
      () => transcriber.close(),
    );
  }
  let adaptation: AdaptationRunner | undefined;
  if (config.roles.worker && adapting) {
    adaptation = new AdaptationRunner({
      queue: adaptationQueue,
      source: reviewedNotesSource(db),
      storage,
      stock: {
        dir: config.transcription.pocketsphinxModelDir,
        trainableDir: path.join(config.dataDir, 'models', '_stock'),
      },
      log: app.log.child({ component: 'adaptation' }),
      minAudioSeconds: config.adaptation.minAudioSeconds,
      maxDurationSeconds: config.maxDurationSeconds,
      thresholds: {
        seconds: config.adaptation.rebuildAfterSeconds,
        words: config.adaptation.rebuildAfterWords,
      },
      leaseMs: config.adaptation.leaseMs,
      pollMs: config.jobPollMs,
      checkIntervalMs: config.adaptation.checkIntervalMs,
      // Each build's gain, decoded by this worker's own engine (ADR 0043).
      ...(workerEngine && config.adaptation.gainMaxSeconds > 0
        ? {
            gain: {
              ...workerEngine,
              minNotes: config.adaptation.gainMinNotes,
              maxSeconds: config.adaptation.gainMaxSeconds,
            },
          }
        : {}),
    });
    const builder = adaptation;
    shutdownSteps.unshift(() => builder.stop());
  }

  await app.register(cookie);
  // Live transcription sockets; one frame of audio is at most 1 MiB (about 30 s of 16 kHz PCM).
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 }, errorHandler: onLiveSocketError });
  registerSecurityHeaders(app, headerOptions);
  registerHealthRoutes(app, { db, storage, isShuttingDown: () => shuttingDown });
  registerMetricsRoute(app, { metrics, token: config.metricsToken });
  // The product API's larger JSON answers go compressed to clients that take it (ADR 0051).
  registerCompression(app, ['/api/v1/']);

  let mail: MailQueue | undefined;
  let peaksMaker: PeaksMaker | undefined;
  if (config.roles.api) {
    const mailQueue = new MailQueue(createMailer(config, app.log), app.log.child({ component: 'mail' }));
    const sweeps = periodicSweeps(
      { db, storage, queue, log: app.log.child({ component: 'sweeper' }), graceMs: config.sweeper.graceMs },
      config.sweeper.intervalMs,
    );
    sweeps.start();
    shutdownSteps.push(() => sweeps.stop());
    // Waveform peaks of notes filed before they were made at filing (ADR 0056), on first ask.
    const maker = new PeaksMaker({
      storage,
      store: peaksStore,
      decodeAudio: createAudioDecoder({ maxDurationSeconds: config.maxDurationSeconds }),
      log: app.log.child({ component: 'peaks' }),
    });
    peaksMaker = maker;
    shutdownSteps.push(() => maker.close());
    mail = mailQueue;
    shutdownSteps.push(() => mailQueue.close());
    await app.register(csrfPlugin, {
      secure: config.secureCookies,
      // /v1/ (the OpenAI-compatible API) authenticates by bearer token only, never by cookie.
      exemptPrefixes: ['/v1/'],
      sessionCookie: SESSION_COOKIE,
      reject: (_request, reply) =>
        reply.status(403).send({
          status: 403,
          errors: [
            {
              code: API_ERROR_CODES.csrfFailed,
              message:
                'Your session security token is missing or out of date. Reload the page and try again.',
            },
          ],
        }),
    });
    const sessionStore = new SessionStore(db, config.sessionMaxAgeMs);
    await app.register(sessionPlugin, {
      cookies: new SessionCookies(sessionStore, {
        secure: config.secureCookies,
        maxAgeMs: config.sessionMaxAgeMs,
      }),
    });
    const settings: AuthSettings = {
      signupOpen: config.signupOpen,
      loginByCodeEnabled: true,
      emailVerification: config.accounts.emailVerification,
      loginOnPasswordReset: config.accounts.loginOnPasswordReset,
      usernameRequired: config.accounts.usernameRequired,
      reauthenticationTimeoutMs: config.accounts.reauthenticationTimeoutMs,
      publicUrl: config.publicUrl,
      socialProviders: config.social.providers,
    };
    const limiter = new RateLimiter(db, config.accounts.rateLimits);
    const quotas = new QuotaGuard(db, config.quotas, config.uploadMaxBytes);
    // Every way a note arrives files it with these (voice-notes/file-within-quota.ts).
    const filing: FilingSettings = {
      db,
      storage,
      quotas,
      maxBytes: config.uploadMaxBytes,
      maxDurationSeconds: config.maxDurationSeconds,
      onQueued: () => jobEvents.queued(),
      onStored: (sizeBytes) => metrics.uploadBytes.inc(sizeBytes),
      events: noteEvents,
    };
    // Each live stream decodes on its own thread, lent from here (pocketsphinx only).
    const liveDecoders =
      config.transcription.engine === 'pocketsphinx'
        ? new LiveDecoderPool({
            entry: resolveWorkerEntry(),
            modelDir: config.transcription.pocketsphinxModelDir,
            spareIdleMs: config.transcription.liveSpareIdleMs,
          })
        : undefined;
    if (liveDecoders) {
      if (options.warmLiveDecoder) liveDecoders.warm();
      app.addHook('onClose', () => liveDecoders.close());
    }
    // Imports stop after their current file before the database closes.
    const imports = new ImportRunner(filing, app.log.child({ component: 'imports' }));
    shutdownSteps.unshift(() => imports.close());
    const passwords = new PasswordHasher(SCRYPT_COSTS[config.accounts.passwordHashCost]);
    const secretKey = await resolveSecretKey(config);
    const box = new SecretBox(secretKey);
    const authContext: AuthContext = { db, settings, limiter, mail: mailQueue, passwords, box };
    const webhookDeps = {
      db,
      box,
      settings: config.webhooks,
      resolve: options.webhookResolve ?? systemResolve,
      log: webhookLog,
    };
    const dispatcher = new WebhookDispatcher({
      ...webhookDeps,
      dialect: config.database.kind,
      concurrency: 2,
      pollMs: config.jobPollMs,
      // Longer than any attempt (one timeout for the whole exchange), so a live one keeps its lease.
      leaseMs: config.webhooks.timeoutMs * 2 + 30_000,
    });
    webhookDispatcher = dispatcher;
    shutdownSteps.unshift(() => dispatcher.stop());
    const summaries = new SummaryRunner({
      db,
      dialect: config.database.kind,
      settings: config.summaries,
      log: summaryLog,
      pollMs: config.jobPollMs,
      leaseMs: 60_000,
    });
    summaryRunner = summaries;
    shutdownSteps.unshift(() => summaries.stop());
    await app.register((scope) => authApi(scope, authContext), { prefix: AUTH_PREFIX });
    await app.register(
      (scope, _opts, done) => {
        registerPadRoutes(scope, { db, storage, quotas });
        registerVoiceNoteRoutes(scope, filing, config.tags);
        registerPeaksRoutes(scope, { db, storage, maker: peaksMaker });
        registerUploadRoutes(scope, {
          ...filing,
          limits: {
            perUser: config.openUploadsPerUser,
            idleMs: config.uploadExpiryMs,
            maxLifetimeMs: config.uploadMaxLifetimeMs,
          },
        });
        registerLiveRoutes(scope, {
          liveDecoders,
          filing,
          quotas,
          queue,
          publicUrl: config.publicUrl,
          idleMs: config.liveIdleMs,
          streamsPerUser: config.liveStreamsPerUser,
          engine: () => (engine ??= createTranscriber(config)),
          personalModel,
        });
        registerStatsRoutes(scope, { db, quotas });
        registerSettingsRoutes(scope, { db });
        registerAdaptationRoutes(scope, {
          db,
          queue: adaptationQueue,
          storage,
          onQueued: () => adaptation?.wake(),
          gainMinNotes: config.adaptation.gainMinNotes,
        });
        registerExportRoutes(scope, { db, storage });
        registerImportRoutes(scope, {
          db,
          runner: imports,
          settings: { ...config.imports, tempDir: importTempDir(config.dataDir) },
        });
        registerTranscriptRoutes(scope, { db, events: noteEvents });
        registerSpeakerRoutes(scope, { db, events: noteEvents });
        registerJobRoutes(scope, {
          db,
          queue,
          storage,
          engines: [config.transcription.engine],
          onQueued: () => jobEvents.queued(),
        });
        registerBulkActionRoutes(scope, {
          db,
          queue,
          storage,
          engines: [config.transcription.engine],
          onQueued: () => jobEvents.queued(),
          maxIds: config.bulk.maxIds,
          undoMs: config.bulk.undoMs,
          tagWriter: bulkNoteTags(config.tags),
          events: noteEvents,
        });
        registerProgressStream(scope, {
          db,
          events: jobEvents,
          maxPerUser: config.progressStreams.perUser,
          pollMs: config.progressStreams.pollMs,
        });
        registerApiTokenRoutes(scope, {
          db,
          maxPerUser: config.apiTokensMaxPerUser,
          safeguards: tokenSafeguards(authContext),
        });
        registerAccountDeletionRoutes(scope, {
          db,
          dialect: config.database.kind,
          storage,
          safeguards: accountDeletionSafeguards(authContext),
        });
        registerSearchRoutes(scope, { db, dialect: config.database.kind });
        registerTagRoutes(scope, { db });
        registerHighlightRoutes(scope, { db });
        registerWebhookRoutes(scope, webhookDeps);
        registerSummaryRoutes(scope, summaryDeps);
        registerVocabularyRoutes(scope, {
          db,
          // The pocketsphinx model's dictionary, whichever engine transcribes (ADR 0036).
          dictionary: new StockDictionary(() => resolveModel(config.transcription.pocketsphinxModelDir).dict),
          maxWords: config.vocabularyMaxWords,
          // A changed word is learnt at once (the queue folds repeated requests into one build).
          ...(adapting
            ? {
                onChange: async (userId: string) => {
                  await adaptationQueue.request(userId);
                  adaptation?.wake();
                },
              }
            : {}),
        });
        // Share links (ADR 0044): the owner's under /shares/, a visitor's under /public/shares/.
        const cuts = new AudioCuts(storage, path.join(config.dataDir, 'share-cuts'));
        registerShareRoutes(scope, {
          db,
          passwords,
          cuts,
          maxShares: config.sharesMaxPerUser,
          publicUrl: config.publicUrl,
        });
        void scope.register(
          (publicScope, _publicOptions, registered) => {
            publicSharesApi(publicScope, {
              db,
              storage,
              passwords,
              access: new ShareAccess(secretKey),
              cuts,
              limiter,
              secure: config.secureCookies,
            });
            registered();
          },
          { prefix: PUBLIC_SHARES_PREFIX },
        );
        registerApiDescriptionRoutes(scope);
        if (config.mail.devOutbox) registerDevOutboxRoutes(scope, { dir: outboxDir(config.dataDir) });
        done();
      },
      { prefix: '/api/v1' },
    );
    if (!config.roles.worker) {
      app.addHook('onClose', async () => {
        if (engine) await (await engine).close();
      });
    }
    await app.register(
      (scope) =>
        openAiCompatApi(scope, {
          filing,
          transcriber: () => (engine ??= createTranscriber(config)),
          tempDir: path.join(config.dataDir, 'tmp'),
          personalModel,
        }),
      { prefix: '/v1' },
    );
    await registerSpa(app, config.webDistDir);
  }

  runner?.start();
  adaptation?.start();
  webhookDispatcher?.start();
  summaryRunner?.start();
  return { app, db, storage, runner, adaptation, mail };
}
