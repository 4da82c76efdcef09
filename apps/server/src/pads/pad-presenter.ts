import { DEFAULT_PAD_COLOR, PAD_COLORS, type Pad, type PadColor } from '@voxpad/shared/pads';
import { toIso } from '../lib/time.ts';
import type { PadWithCounts } from './pads-repository.ts';

const PALETTE: ReadonlySet<string> = new Set(PAD_COLORS);

/** The column holds a palette name; anything else (written by hand) shows as the default. */
export function colorOf(value: string): PadColor {
  return PALETTE.has(value) ? (value as PadColor) : DEFAULT_PAD_COLOR;
}

/**
 * Pad lists repeat the same timestamps on every visit; formatting them is a measurable
 * share of the hottest response, so recent ones are remembered (bounded, cleared whole).
 */
const isoCache = new Map<number, string>();
function iso(epochMs: number): string {
  let text = isoCache.get(epochMs);
  if (text === undefined) {
    if (isoCache.size >= 10_000) isoCache.clear();
    text = toIso(epochMs);
    isoCache.set(epochMs, text);
  }
  return text;
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
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
