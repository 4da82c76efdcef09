import { deflateSync } from 'node:zlib';
import type {
  OpenAiSegment,
  OpenAiWord,
  TranscriptionResponseFormat,
  VerboseTranscription,
} from '@voxpad/shared/openai-compat';
import type { Transcript } from '../transcription/transcriber.ts';

/** OpenAI reports the language by name in verbose_json. */
const LANGUAGE_NAMES: Record<string, string> = {
  en: 'english',
  de: 'german',
  fr: 'french',
  es: 'spanish',
  it: 'italian',
  nl: 'dutch',
  pt: 'portuguese',
};

export function languageName(code: string): string {
  return LANGUAGE_NAMES[code.toLowerCase().slice(0, 2)] ?? code;
}

function compressionRatio(text: string): number {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length === 0) return 0;
  return round(bytes.length / deflateSync(bytes).length);
}

const round = (n: number, digits = 3) => Number(n.toFixed(digits));

export function toVerbose(
  transcript: Transcript,
  granularities: readonly ('word' | 'segment')[],
): VerboseTranscription {
  const verbose: VerboseTranscription = {
    task: 'transcribe',
    language: languageName(transcript.language),
    duration: round(transcript.durationSeconds),
    text: transcript.text,
  };
  if (granularities.includes('segment')) {
    verbose.segments = transcript.segments.map((segment, id): OpenAiSegment => {
      const words = segment.words;
      const confidence = words.length > 0 ? words.reduce((a, w) => a + w.confidence, 0) / words.length : 1;
      return {
        id,
        seek: Math.floor(segment.start / 30) * 3000,
        start: round(segment.start),
        end: round(segment.end),
        text: segment.text,
        tokens: [],
        temperature: 0,
        avg_logprob: round(Math.log(Math.max(confidence, 1e-6)), 4),
        compression_ratio: compressionRatio(segment.text),
        no_speech_prob: 0,
      };
    });
  }
  if (granularities.includes('word')) {
    verbose.words = transcript.segments.flatMap((s) =>
      s.words.map((w): OpenAiWord => ({ word: w.word, start: round(w.start), end: round(w.end) })),
    );
  }
  return verbose;
}

function timestamp(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

export function toSrt(transcript: Transcript): string {
  return transcript.segments
    .map((s, i) => `${i + 1}\n${timestamp(s.start, ',')} --> ${timestamp(s.end, ',')}\n${s.text}\n`)
    .join('\n');
}

export function toVtt(transcript: Transcript): string {
  const cues = transcript.segments.map(
    (s) => `${timestamp(s.start, '.')} --> ${timestamp(s.end, '.')}\n${s.text}\n`,
  );
  return ['WEBVTT\n', ...cues].join('\n');
}

/** The body and content type of each response_format, as OpenAI answers them. */
export function render(
  transcript: Transcript,
  format: TranscriptionResponseFormat,
  granularities: readonly ('word' | 'segment')[],
): { contentType: string; body: string } {
  switch (format) {
    case 'json':
      return { contentType: 'application/json', body: JSON.stringify({ text: transcript.text }) };
    case 'verbose_json':
      return { contentType: 'application/json', body: JSON.stringify(toVerbose(transcript, granularities)) };
    case 'text':
      return { contentType: 'text/plain; charset=utf-8', body: `${transcript.text}\n` };
    case 'srt':
      return { contentType: 'text/plain; charset=utf-8', body: toSrt(transcript) };
    case 'vtt':
      return { contentType: 'text/plain; charset=utf-8', body: toVtt(transcript) };
  }
}
