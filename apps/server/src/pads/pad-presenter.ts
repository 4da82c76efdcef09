import { DEFAULT_PAD_COLOR, padColorSchema, type Pad, type PadColor } from '@voxpad/shared/pads';
import { toIso } from '../lib/time.ts';
import type { PadWithCounts } from './pads-repository.ts';

/** The column holds a palette name; anything else (written by hand) shows as the default. */
export function colorOf(value: string): PadColor {
  const parsed = padColorSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_PAD_COLOR;
}

export function presentPad(row: PadWithCounts): Pad {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: colorOf(row.color),
    icon: row.icon,
    voice_note_count: row.voice_note_count,
    // A running total of additions and subtractions: round away floating-point dust.
    total_duration_seconds: Math.max(0, Math.round(row.total_duration_seconds * 1000) / 1000),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}
