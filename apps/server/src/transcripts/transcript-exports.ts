/**
 * Transcript downloads: plain text, SubRip, WebVTT, JSON and Markdown, from the stored
 * segments (word timings) where a format needs times. A note with more than one speaker
 * (ADR 0053) names them: WebVTT voice spans (`<v Ana>`), "Ana: " before SubRip captions and
 * each turn of the text, a bold name at each Markdown turn, and the speakers in JSON.
 */
import type { NoteSpeaker } from '@voxpad/shared/speakers';
import type { TranscriptSegment } from '../transcription/transcriber.ts';
import type { MarkdownSummary } from '../summaries/summary-exports.ts';

export const EXPORT_FORMATS = {
  txt: 'text/plain; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  json: 'application/json; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
} as const;
export type ExportFormat = keyof typeof EXPORT_FORMATS;

export function isExportFormat(value: string): value is ExportFormat {
  return Object.hasOwn(EXPORT_FORMATS, value);
}

/** A highlight as the exports show it (ADR 0054). */
export interface ExportedHighlight {
  start: number;
  /** null: a moment. */
  end: number | null;
  label: string;
  comment: string;
}

export interface ExportableNote {
  id: string;
  title: string;
  transcript: string;
  segments: TranscriptSegment[];
  durationSeconds: number | null;
  language: string | null;
  createdAt: string;
  speakers: NoteSpeaker[];
  /** Listed after the text by the Markdown export; earliest first. */
  highlights?: readonly ExportedHighlight[];
  /** The latest done summary (ADR 0052), a section of the Markdown export before the highlights. */
  summary?: MarkdownSummary | undefined;
}

/** A summary as the Markdown export shows it: the text and its timed action items. */
export function renderTranscript(note: ExportableNote, format: ExportFormat): string {
  switch (format) {
    case 'txt':
      return speakerTurns(note)
        ? `${speakerTurns(note)!
            .map((t) => `${t.name}: ${t.texts.join(' ')}`)
            .join('\n\n')}\n`
        : `${note.transcript}\n`;
    case 'srt':
      return captions(note)
        .map(
          (c, i) =>
            `${i + 1}\n${srtTime(c.start)} --> ${srtTime(c.end)}\n${c.speaker ? `${c.speaker}: ` : ''}${c.text}\n`,
        )
        .join('\n');
    case 'vtt':
      return `WEBVTT\n\n${captions(note)
        .map(
          (c) =>
            `${vttTime(c.start)} --> ${vttTime(c.end)}\n${c.speaker ? `<v ${vttVoice(c.speaker)}>` : ''}${c.text}\n`,
        )
        .join('\n')}`;
    case 'json':
      return `${JSON.stringify(
        {
          id: note.id,
          title: note.title,
          language: note.language,
          duration_seconds: note.durationSeconds,
          created_at: note.createdAt,
          text: note.transcript,
          speakers: note.speakers,
          segments: note.segments,
        },
        null,
        2,
      )}\n`;
    case 'md':
      return markdown(note) + summaryMarkdown(note.summary) + highlightsMarkdown(note.highlights ?? []);
  }
}

/**
 * A heading (the title without the "…" of a title cut from the words) and the text in
 * paragraphs, each with the time it starts at. Segments end wherever the engine paused, often
 * mid-sentence, so a paragraph runs on to the segment that ends a sentence; a transcript with
 * no sentence marks at all (pocketsphinx) keeps one paragraph per segment, cut at pauses.
 */
function markdown(note: ExportableNote): string {
  const title = note.title.replace(/[\r\n]+/g, ' ').replace(/\s*…$/u, '');
  const lines = [`# ${title}`, ''];
  if (note.segments.length === 0 || edited(note)) return [...lines, note.transcript, ''].join('\n');
  const turns = speakerTurns(note);
  if (turns) {
    for (const turn of turns)
      lines.push(`**${turn.name}** [${clockTime(turn.start)}] ${turn.texts.join(' ')}`, '');
    return lines.join('\n');
  }
  const punctuated = note.segments.some((s) => SENTENCE_END.test(s.text.trim()));
  let paragraph: { start: number; texts: string[] } | undefined;
  for (const segment of note.segments) {
    const text = segment.text.trim();
    if (text === '') continue;
    paragraph ??= { start: segment.start, texts: [] };
    paragraph.texts.push(text);
    if (!punctuated || SENTENCE_END.test(text)) {
      lines.push(`**[${clockTime(paragraph.start)}]** ${paragraph.texts.join(' ')}`, '');
      paragraph = undefined;
    }
  }
  if (paragraph) lines.push(`**[${clockTime(paragraph.start)}]** ${paragraph.texts.join(' ')}`, '');
  return lines.join('\n');
}

/** A "Summary" section: the summary's text, then its action items each with the time it was said. */
function summaryMarkdown(summary: MarkdownSummary | undefined): string {
  if (!summary) return '';
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
  const lines = ['', '## Summary', '', summary.summary.trim(), ''];
  if (summary.action_items.length > 0) {
    lines.push('### Action items', '');
    for (const item of summary.action_items)
      lines.push(`- **[${clockTime(item.start)}]** ${oneLine(item.text)}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** A "Highlights" section: time (or time range), label and comment, one item each. */
function highlightsMarkdown(highlights: readonly ExportedHighlight[]): string {
  if (highlights.length === 0) return '';
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
  const items = highlights.map((h) => {
    const time = h.end === null ? clockTime(h.start) : `${clockTime(h.start)}–${clockTime(h.end)}`;
    const comment = oneLine(h.comment);
    return `- **[${time}]** ${oneLine(h.label)}${comment ? ` — ${comment}` : ''}`;
  });
  return ['', '## Highlights', '', ...items, ''].join('\n');
}

/**
 * WebVTT chapters (`kind="chapters"` in a <track>): one cue per highlight, titled with its
 * label. A range is its own cue; a moment runs to the next highlight's start, or to the end of
 * the recording (a second when its length is not known).
 */
export function renderChapters(
  highlights: readonly ExportedHighlight[],
  durationSeconds: number | null,
): string {
  const cues = highlights.map((h, i) => {
    const next = highlights.slice(i + 1).find((later) => later.start > h.start)?.start;
    const end = h.end ?? next ?? Math.max(durationSeconds ?? 0, h.start + 1);
    const label = h.label.replace(/\s+/g, ' ').replace(/-->/g, '->').trim();
    return `${vttTime(h.start)} --> ${vttTime(Math.max(end, h.start + 0.001))}\n${label}\n`;
  });
  return `WEBVTT\n\n${cues.join('\n')}`;
}

const SENTENCE_END = /[.!?…]["')\]]*$/u;

/** The speakers' names by id, when the note has more than one and its segments say who speaks. */
function speakerNames(note: ExportableNote): Map<string, string> | undefined {
  if (note.speakers.length < 2 || note.segments.length === 0 || edited(note)) return undefined;
  return new Map(note.speakers.map((s) => [s.id, s.name]));
}

/** Runs of segments by one speaker, when the note names more than one. */
function speakerTurns(note: ExportableNote): { name: string; start: number; texts: string[] }[] | undefined {
  const names = speakerNames(note);
  if (!names) return undefined;
  const turns: { id: string | undefined; name: string; start: number; texts: string[] }[] = [];
  for (const segment of note.segments) {
    const text = segment.text.trim();
    if (text === '') continue;
    const last = turns.at(-1);
    if (last && last.id === segment.speaker) last.texts.push(text);
    else
      turns.push({
        id: segment.speaker,
        name: nameOf(names, segment.speaker),
        start: segment.start,
        texts: [text],
      });
  }
  return turns;
}

function nameOf(names: Map<string, string>, id: string | undefined): string {
  return (id === undefined ? undefined : names.get(id)) ?? 'Unknown speaker';
}

/** A WebVTT voice name: no markup characters, no line breaks. */
function vttVoice(name: string): string {
  return name
    .replace(/[\r\n]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** Segments, or one caption spanning the recording when the text has no word timings. */
function captions(note: ExportableNote): { start: number; end: number; text: string; speaker?: string }[] {
  if (note.segments.length > 0 && !edited(note)) {
    const names = speakerNames(note);
    return note.segments.map((s) => ({
      start: s.start,
      end: Math.max(s.end, s.start + 0.001),
      text: s.text,
      ...(names ? { speaker: nameOf(names, s.speaker) } : {}),
    }));
  }
  if (!note.transcript.trim()) return [];
  return [{ start: 0, end: Math.max(note.durationSeconds ?? 0, 0.001), text: note.transcript.trim() }];
}

/**
 * The segments do not say these words: text edited before edits were aligned with the
 * audio (word-alignment.ts) kept the engine's segments. Spacing and line breaks typed into
 * the text do not count.
 */
function edited(note: ExportableNote): boolean {
  const words = (text: string) => text.split(/\s+/).filter(Boolean);
  const timed = note.segments.flatMap((s) => words(s.text));
  const typed = words(note.transcript);
  return timed.length !== typed.length || timed.some((word, i) => word !== typed[i]);
}

function parts(seconds: number): { h: number; m: number; s: number; ms: number } {
  const total = Math.max(0, Math.round(seconds * 1000));
  return {
    h: Math.floor(total / 3_600_000),
    m: Math.floor(total / 60_000) % 60,
    s: Math.floor(total / 1000) % 60,
    ms: total % 1000,
  };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** 01:02:03,456 */
export function srtTime(seconds: number): string {
  const { h, m, s, ms } = parts(seconds);
  return `${pad(h)}:${pad(m)}:${pad(s)},${pad(ms, 3)}`;
}

/** 01:02:03.456 */
export function vttTime(seconds: number): string {
  const { h, m, s, ms } = parts(seconds);
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms, 3)}`;
}

function clockTime(seconds: number): string {
  const { h, m, s } = parts(seconds);
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/**
 * A download name from the note's title: letters, digits, spaces, dots, dashes and
 * underscores only (no path or header tricks), at most 80 characters, never empty.
 */
export function exportFileName(title: string, format: ExportFormat): string {
  const base = title
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[ .]+|[ .]+$/g, '')
    .slice(0, 80)
    .trim();
  return `${base || 'transcript'}.${format}`;
}

/** RFC 6266: an ASCII fallback plus the UTF-8 name. */
export function attachmentHeader(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'transcript';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
