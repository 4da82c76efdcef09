import type { HighlightedText } from '@voxpad/shared/search';

export interface TextPart {
  text: string;
  marked: boolean;
}

/**
 * Splits server text into plain and matched parts. The parts are rendered as React text, so
 * whatever the text holds (`<script>`, entities) stays text; ranges that overlap, run past the
 * end or come out of order are clamped and skipped rather than trusted.
 */
export function highlightParts({ text, highlights }: HighlightedText): TextPart[] {
  const parts: TextPart[] = [];
  let cursor = 0;
  const ranges = [...highlights].sort((a, b) => a[0] - b[0]);
  for (const [rawStart, rawEnd] of ranges) {
    const start = Math.max(cursor, Math.min(rawStart, text.length));
    const end = Math.max(start, Math.min(rawEnd, text.length));
    if (end === start) continue;
    if (start > cursor) parts.push({ text: text.slice(cursor, start), marked: false });
    parts.push({ text: text.slice(start, end), marked: true });
    cursor = end;
  }
  if (cursor < text.length) parts.push({ text: text.slice(cursor), marked: false });
  return parts;
}
