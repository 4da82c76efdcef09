import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What the queue tells a scrape: how much waits, and for how long the oldest has waited. */
export interface QueueSnapshot {
  pending: number;
  processing: number;
  /** Seconds since the oldest pending note was queued; 0 when nothing waits. */
  oldestPendingAgeSeconds: number;
}

/**
 * This process's Prometheus metrics, in a registry of its own (tests build many apps in one
 * process). Every name starts with `voxpad_`; the process's own (CPU, memory, event loop) come
 * from prom-client's defaults.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly requestDuration = new Histogram({
    name: 'voxpad_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status class.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly uploadBytes = new Counter({
    name: 'voxpad_upload_bytes_total',
    help: 'Bytes of audio stored for new voice notes.',
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'voxpad_job_duration_seconds',
    help: 'Time a worker took to transcribe a voice note, from claim to stored transcript.',
    buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800],
    registers: [this.registry],
  });

  readonly jobRealTimeFactor = new Histogram({
    name: 'voxpad_job_real_time_factor',
    help: 'Transcription time divided by the recording length (below 1: faster than real time).',
    buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 4],
    registers: [this.registry],
  });

  readonly transcriptionFailures = new Counter({
    name: 'voxpad_transcription_failures_total',
    help: 'Transcription attempts that failed: "retry" will be tried again, "permanent" and "gave_up" will not.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor(queue: () => Promise<QueueSnapshot>) {
    collectDefaultMetrics({ register: this.registry, prefix: 'voxpad_' });
    // Read at scrape time, so every API process reports the shared queue as it is.
    let snapshot: Promise<QueueSnapshot> | undefined;
    const current = () => (snapshot ??= queue().finally(() => setImmediate(() => (snapshot = undefined))));
    new Gauge({
      name: 'voxpad_queue_depth',
      help: 'Voice notes waiting for transcription ("pending") or being transcribed ("processing").',
      labelNames: ['status'] as const,
      registers: [this.registry],
      async collect() {
        const { pending, processing } = await current();
        this.set({ status: 'pending' }, pending);
        this.set({ status: 'processing' }, processing);
      },
    });
    new Gauge({
      name: 'voxpad_queue_oldest_age_seconds',
      help: 'How long the oldest waiting voice note has waited.',
      registers: [this.registry],
      async collect() {
        this.set((await current()).oldestPendingAgeSeconds);
      },
    });
  }

  /** A finished job: how long it took and, when the recording's length is known, the real-time factor. */
  jobDone(milliseconds: number, audioSeconds: number | undefined): void {
    this.jobDuration.observe(milliseconds / 1000);
    if (audioSeconds && audioSeconds > 0) this.jobRealTimeFactor.observe(milliseconds / 1000 / audioSeconds);
  }

  jobFailed(outcome: 'retry' | 'permanent' | 'gave_up'): void {
    this.transcriptionFailures.inc({ outcome });
  }
}
