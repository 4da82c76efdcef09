import type { Transcript, TranscriptSegment, TranscriptWord } from '../transcriber.ts';
import type { WhisperSegmentResult } from './protocol.ts';

/** Control tokens ([_BEG_], [_TT_150], <|endoftext|>): no words. */
const SPECIAL = /^\[_[A-Z]+_?|^\[_TT_\d+\]$|^<\|.*\|>$/;

/**
 * Whisper segments and tokens (ms) to our transcript; tokens glue into words at spaces.
 * Whisper pads audio to 30 s windows and may place the last timestamp past the end of the
 * recording, so every time is clamped to the audio's duration.
 */
export function toTranscript(
  results: WhisperSegmentResult[],
  durationSeconds: number,
  requestedLanguage?: string,
): Transcript {
  const clamp = (ms: number) => Math.min(durationSeconds, Math.max(0, ms / 1000));
  const segments: TranscriptSegment[] = [];
  for (const result of results) {
    const words: TranscriptWord[] = [];
    let current: { text: string; start: number; end: number; p: number[] } | undefined;
    const flush = () => {
      const word = current?.text.trim();
      if (current && word) {
        const confidence = current.p.reduce((a, b) => a + b, 0) / current.p.length;
        words.push({ word, start: current.start, end: Math.max(current.start, current.end), confidence });
      }
      current = undefined;
    };
    for (const token of result.tokens) {
      if (SPECIAL.test(token.text)) continue;
      const start = clamp(token.from);
      const end = clamp(token.to);
      if (!current || /^\s/.test(token.text)) {
        flush();
        current = { text: token.text, start, end, p: [token.p] };
      } else {
        current.text += token.text;
        current.end = end;
        current.p.push(token.p);
      }
    }
    flush();
    const text = result.text.trim();
    if (!text && words.length === 0) continue;
    const start = clamp(result.from);
    segments.push({ start, end: Math.max(start, clamp(result.to)), text, words });
  }
  const detected = results.find((r) => r.lang)?.lang;
  return {
    text: segments.map((s) => s.text).join(' '),
    language: requestedLanguage && requestedLanguage !== 'auto' ? requestedLanguage : (detected ?? 'en'),
    durationSeconds,
    segments,
  };
}
