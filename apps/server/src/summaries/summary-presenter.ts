/** Shapes summary rows as the product API shows them (ADR 0052). */
import { actionItemSchema, type NoteSummary, type SummaryAnswer } from '@voxpad/shared/summaries';
import { z } from 'zod';
import type { NoteSummaryRow } from '../db/schema.ts';
import { toIso } from '../lib/time.ts';

const itemsSchema = z.array(actionItemSchema).catch([]);

export function presentSummary(row: NoteSummaryRow): NoteSummary {
  return {
    id: row.id,
    status: row.status,
    summary: row.summary,
    action_items: itemsSchema.parse(safeJson(row.action_items)),
    title: row.title,
    model: row.model,
    endpoint: row.endpoint,
    error: row.error,
    created_at: toIso(row.created_at),
    finished_at: row.finished_at === null ? null : toIso(row.finished_at),
  };
}

export function presentAnswer(
  newest: NoteSummaryRow,
  previousDone: NoteSummaryRow | undefined,
): SummaryAnswer {
  return {
    ...presentSummary(newest),
    previous_done: newest.status !== 'done' && previousDone ? presentSummary(previousDone) : null,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return [];
  }
}
