/**
 * What the model is asked (ADR 0052). Two kinds of request: a part of the transcript (the whole
 * of a short note is one part), and the combining of several parts' answers into one. Both ask
 * for the same JSON object, so one reader takes either answer.
 */
import type { ChatMessage } from './llm-client.ts';
import { formatLine, type TimedLine } from './transcript-parts.ts';
import type { ModelOutput } from './summary-output.ts';

const ANSWER_FORM =
  'Answer with one JSON object and nothing else: {"summary": string, "action_items": ' +
  '[{"text": string, "start": number}], "title": string}. "summary" is a few sentences in the ' +
  'language of the transcript. "action_items" are the tasks, promises and decisions that need ' +
  'doing (none if there are none); "start" is the number in brackets of the line it came from. ' +
  '"title" is a short title for the note, at most eight words. Use only what the text says.';

export const PART_PROMPT =
  'You summarise transcripts of voice notes. Each line of the transcript starts with the second ' +
  `of the recording it was said at, in brackets, e.g. "[12.5] call the bank". ${ANSWER_FORM}`;

export const COMBINE_PROMPT =
  'You combine the summaries of consecutive parts of one voice note into one. You get each ' +
  'part’s summary and title, and its action items, each led by the second it was said at in ' +
  `brackets. Keep every action item that is still needed, with its second. ${ANSWER_FORM}`;

export function partMessages(lines: readonly TimedLine[], part: number, parts: number): ChatMessage[] {
  const heading = parts > 1 ? `Transcript, part ${part} of ${parts}:` : 'Transcript:';
  return [
    { role: 'system', content: PART_PROMPT },
    { role: 'user', content: [heading, ...lines.map(formatLine)].join('\n') },
  ];
}

/** The text of one part's answer as the combining request shows it. */
export function describePart(output: ModelOutput, part: number): string {
  return [
    `Part ${part} summary: ${output.summary}`,
    `Part ${part} title: ${output.title}`,
    ...output.action_items.map((item) => formatLine({ start: item.start, text: item.text })),
  ].join('\n');
}

export function combineMessages(described: readonly string[]): ChatMessage[] {
  return [
    { role: 'system', content: COMBINE_PROMPT },
    { role: 'user', content: described.join('\n\n') },
  ];
}
