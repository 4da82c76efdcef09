/**
 * Writes one note's summary with the model (ADR 0052): a transcript that fits the context is
 * one request; a longer one is summarised part by part (map), then the parts' answers are
 * combined (reduce, in as many rounds as the context needs). Bullets point at moments that
 * exist: every `start` is snapped to the start of one of the note's lines.
 */
import type { ActionItem } from '@voxpad/shared/summaries';
import { chatCompletion, LlmError, type ChatMessage } from './llm-client.ts';
import { readModelOutput, type ModelOutput } from './summary-output.ts';
import {
  combineMessages,
  COMBINE_PROMPT,
  describePart,
  PART_PROMPT,
  partMessages,
} from './summary-prompts.ts';
import { endpointHost, type LlmEndpoint } from './summary-settings.ts';
import { CHARS_PER_TOKEN, snapToLine, splitIntoParts, type TimedLine } from './transcript-parts.ts';

export interface Generated {
  summary: string;
  action_items: ActionItem[];
  title: string;
}

export interface GenerationOptions {
  endpoint: LlmEndpoint;
  timeoutMs: number;
  contextTokens: number;
}

/** The share of the context a request's text may fill; the rest is left for the answer. */
const PROMPT_SHARE = 0.6;
/** However small the context, a part holds at least this much text (a line or two). */
const MIN_PART_CHARS = 200;

/** Characters of text one request may carry besides the instructions `system`. */
export function partBudget(contextTokens: number, system: string): number {
  return Math.max(MIN_PART_CHARS, Math.floor(contextTokens * PROMPT_SHARE) * CHARS_PER_TOKEN - system.length);
}

export async function generateSummary(
  lines: readonly TimedLine[],
  options: GenerationOptions,
): Promise<Generated> {
  if (lines.length === 0) throw new LlmError('This note has no transcript to summarise.');
  const parts = splitIntoParts(lines, partBudget(options.contextTokens, PART_PROMPT));
  const outputs: ModelOutput[] = [];
  for (const [i, part] of parts.entries()) {
    outputs.push(await ask(options, partMessages(part, i + 1, parts.length)));
  }
  const combined = await combine(outputs, options);
  return {
    summary: combined.summary,
    title: combined.title,
    action_items: dedupe(
      combined.action_items.map((item) => ({ text: item.text, start: snapToLine(item.start, lines) })),
    ),
  };
}

/** One answer from many: the parts' answers grouped to fit the context, combined until one is left. */
async function combine(outputs: ModelOutput[], options: GenerationOptions): Promise<ModelOutput> {
  let round = outputs;
  const budget = partBudget(options.contextTokens, COMBINE_PROMPT);
  while (round.length > 1) {
    const groups: string[][] = [];
    let group: string[] = [];
    let size = 0;
    for (const [i, output] of round.entries()) {
      const text = describePart(output, i + 1);
      // A group of one cannot shrink by combining: it must go with a neighbour, whatever its size.
      if (group.length > 1 && size + text.length > budget) {
        groups.push(group);
        group = [];
        size = 0;
      }
      group.push(text);
      size += text.length + 2;
    }
    groups.push(group);
    const next: ModelOutput[] = [];
    for (const described of groups) next.push(await ask(options, combineMessages(described)));
    round = next;
  }
  const [only] = round;
  if (!only) throw new LlmError('The language model gave no answer.');
  return only;
}

async function ask(options: GenerationOptions, messages: ChatMessage[]): Promise<ModelOutput> {
  const content = await chatCompletion({
    endpoint: options.endpoint,
    timeoutMs: options.timeoutMs,
    messages,
  });
  return readModelOutput(content, endpointHost(options.endpoint));
}

function dedupe(items: ActionItem[]): ActionItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = `${item.start}|${item.text.toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
