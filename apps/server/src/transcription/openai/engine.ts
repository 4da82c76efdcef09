/**
 * Speech recognition by any OpenAI-compatible `POST /v1/audio/transcriptions` endpoint
 * (OpenAI itself, a self-hosted faster-whisper server, or another voxpad): the samples go
 * up as a 16 kHz mono WAV, `verbose_json` with word and segment timestamps comes back.
 *
 * Failures: 429 and 5xx (and network errors, timeouts) are retried with exponential
 * back-off (honouring Retry-After); 401/403 and other 4xx fail at once with the
 * server's own message, as they will not get better by asking again.
 */
import { verboseTranscriptionSchema, type VerboseTranscription } from '@voxpad/shared/openai-compat';
import { TranscriptionError } from '../errors.ts';
import type {
  TranscribeInput,
  Transcriber,
  Transcript,
  TranscriptSegment,
  TranscriptWord,
} from '../transcriber.ts';
import { encodeWav } from '../audio/wav-writer.ts';

export interface OpenAiOptions {
  /** e.g. https://api.openai.com/v1 (the path up to, without, /audio/transcriptions). */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** Per attempt. Default 120 s. */
  timeoutMs?: number;
  /** Retries after the first attempt. Default 3. */
  retries?: number;
  /** First back-off; doubles each retry. Default 1 s. */
  backoffMs?: number;
  fetch?: typeof fetch;
}

const SAMPLE_RATE = 16000;

class Retryable extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export function createOpenAiTranscriber(options: OpenAiOptions): Transcriber {
  const { apiKey, model, timeoutMs = 120_000, retries = 3, backoffMs = 1_000 } = options;
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
  const inFlight = new Set<AbortController>();

  const attempt = async (input: TranscribeInput, wav: Uint8Array): Promise<VerboseTranscription> => {
    const form = new FormData();
    form.append('file', new Blob([wav], { type: 'audio/wav' }), 'audio.wav');
    form.append('model', model);
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'word');
    form.append('timestamp_granularities[]', 'segment');
    if (input.language) form.append('language', input.language);

    const controller = new AbortController();
    inFlight.add(controller);
    const signals = [controller.signal, AbortSignal.timeout(timeoutMs)];
    if (input.signal) signals.push(input.signal);
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        body: form,
        headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
        signal: AbortSignal.any(signals),
      });
    } catch (error) {
      if (input.signal?.aborted) throw input.signal.reason;
      if (controller.signal.aborted) throw new TranscriptionError('closed', 'The OpenAI engine closed.');
      const reason =
        (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : String(error);
      throw new Retryable(`${url} could not be reached: ${reason}`);
    } finally {
      inFlight.delete(controller);
    }
    const body = await response.text();
    if (response.status === 429 || response.status >= 500) {
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new Retryable(
        `${url} answered ${response.status}: ${errorMessageOf(body)}`,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
      );
    }
    if (response.status === 401 || response.status === 403) {
      throw new TranscriptionError(
        'engine_unavailable',
        `The transcription service refused the API key (${response.status}): ${errorMessageOf(body)} Check OPENAI_API_KEY.`,
      );
    }
    if (!response.ok) {
      throw new TranscriptionError(
        'decode_failed',
        `The transcription service rejected the request (${response.status}): ${errorMessageOf(body)}`,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new TranscriptionError('decode_failed', `${url} did not answer with JSON.`);
    }
    const result = verboseTranscriptionSchema.safeParse(parsed);
    if (!result.success) {
      throw new TranscriptionError(
        'decode_failed',
        `${url} answered with an unexpected shape: ${result.error.message}`,
      );
    }
    return result.data;
  };

  return {
    name: 'openai',
    model,

    async transcribe(input: TranscribeInput): Promise<Transcript> {
      if (input.sampleRate !== SAMPLE_RATE) {
        throw new TranscriptionError(
          'invalid_input',
          `Expected 16 kHz audio, got ${String(input.sampleRate)} Hz.`,
        );
      }
      input.signal?.throwIfAborted();
      const durationSeconds = input.samples.length / SAMPLE_RATE;
      if (input.samples.length === 0) {
        return { text: '', language: input.language ?? 'en', durationSeconds, segments: [] };
      }
      const wav = encodeWav(input.samples, SAMPLE_RATE);
      for (let n = 0; ; n++) {
        try {
          const verbose = await attempt(input, wav);
          input.onProgress?.(1);
          return fromVerbose(verbose, durationSeconds);
        } catch (error) {
          if (!(error instanceof Retryable)) throw error;
          if (n >= retries) {
            throw new TranscriptionError(
              'engine_unavailable',
              `${error.message} (gave up after ${n + 1} attempts)`,
            );
          }
          const delay = error.retryAfterMs ?? backoffMs * 2 ** n;
          await sleep(Math.min(delay, 60_000), input.signal);
        }
      }
    },

    close() {
      for (const controller of inFlight) controller.abort();
      return Promise.resolve();
    },
  };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The message of an OpenAI error body `{error:{message}}`, or the start of the body. */
function errorMessageOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === 'string') return parsed.error.message;
  } catch {
    // not JSON
  }
  return body.slice(0, 200) || '(empty body)';
}

/**
 * Words come from the top-level `words` (word granularity) and are placed in the segment
 * whose time span holds them; a word's confidence is its segment's exp(avg_logprob), or 1
 * when the service gives no segments.
 */
export function fromVerbose(verbose: VerboseTranscription, fallbackDuration: number): Transcript {
  const duration = verbose.duration > 0 ? verbose.duration : fallbackDuration;
  const clamp = (t: number) => Math.min(duration, Math.max(0, t));
  const words = (verbose.words ?? []).map((w) => ({
    word: w.word.trim(),
    start: clamp(w.start),
    end: clamp(w.end),
  }));
  const sourceSegments = verbose.segments ?? [];
  if (sourceSegments.length === 0) {
    const all: TranscriptWord[] = words.filter((w) => w.word).map((w) => ({ ...w, confidence: 1 }));
    const text = verbose.text.trim();
    const segments: TranscriptSegment[] =
      text || all.length > 0
        ? [{ start: all[0]?.start ?? 0, end: all.at(-1)?.end ?? duration, text, words: all }]
        : [];
    return { text, language: normaliseLanguage(verbose.language), durationSeconds: duration, segments };
  }
  let w = 0;
  const segments = sourceSegments.map((segment, i): TranscriptSegment => {
    const confidence = Math.min(1, Math.max(0, Math.exp(segment.avg_logprob)));
    const last = i === sourceSegments.length - 1;
    const inSegment: TranscriptWord[] = [];
    while (w < words.length && (last || words[w]!.start < segment.end)) {
      const word = words[w++]!;
      if (word.word) inSegment.push({ ...word, confidence });
    }
    return {
      start: clamp(segment.start),
      end: clamp(segment.end),
      text: segment.text.trim(),
      words: inSegment,
    };
  });
  return {
    text: verbose.text.trim(),
    language: normaliseLanguage(verbose.language),
    durationSeconds: duration,
    segments,
  };
}

/** OpenAI names the language ("english"); we keep codes where we know them. */
function normaliseLanguage(language: string): string {
  const names: Record<string, string> = {
    english: 'en',
    german: 'de',
    french: 'fr',
    spanish: 'es',
    italian: 'it',
  };
  return names[language.toLowerCase()] ?? language;
}
