/**
 * Reads what a model answered as `{summary, action_items:[{text, start}], title}` (ADR 0052).
 * Models are asked for bare JSON but do not always obey: the object may come inside ```json
 * fences or after a sentence, `start` may be a string, fields may be missing. What cannot be
 * read at all is an LlmError in words.
 */
import { z } from 'zod';
import { LlmError } from './llm-client.ts';

export interface ModelItem {
  text: string;
  start: number;
}

export interface ModelOutput {
  summary: string;
  action_items: ModelItem[];
  title: string;
}

const loose = z.object({
  summary: z.union([z.string(), z.array(z.string()).transform((lines) => lines.join(' '))]).catch(''),
  action_items: z
    .array(
      z.union([
        z.object({
          text: z.string().catch(''),
          start: z.union([z.number(), z.string().transform((value) => Number.parseFloat(value))]).catch(NaN),
        }),
        z.string().transform((text) => ({ text, start: NaN })),
      ]),
    )
    .catch([]),
  title: z.string().catch(''),
});

export function readModelOutput(content: string, host: string): ModelOutput {
  const parsed = parseObject(content);
  const result = parsed === undefined ? undefined : loose.safeParse(parsed);
  if (!result?.success) {
    throw new LlmError(
      `The language model at ${host} did not answer in the form asked for (a JSON object with a summary, ` +
        'action items and a title). Try again, or ask an administrator to choose a model that follows instructions better.',
    );
  }
  const { summary, action_items, title } = result.data;
  return {
    summary: summary.trim(),
    action_items: action_items
      .map((item) => ({ text: item.text.replace(/\s+/g, ' ').trim(), start: item.start }))
      .filter((item) => item.text !== ''),
    title: title.replace(/\s+/g, ' ').trim(),
  };
}

/** The JSON object in `content`: all of it, inside code fences, or from its first { to its last }. */
function parseObject(content: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content)?.[1];
  const candidates = [content, fenced, between(content, '{', '}')];
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    try {
      const value: unknown = JSON.parse(candidate.trim());
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value;
    } catch {
      // the next candidate
    }
  }
  return undefined;
}

function between(text: string, open: string, close: string): string | undefined {
  const from = text.indexOf(open);
  const to = text.lastIndexOf(close);
  return from >= 0 && to > from ? text.slice(from, to + 1) : undefined;
}
