import type { Pad } from '@voxpad/shared/pads';
import { toIso } from '../lib/time.ts';
import type { PadWithCounts } from './pads-repository.ts';

export function presentPad(row: PadWithCounts): Pad {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    voice_note_count: row.voice_note_count,
    total_duration_seconds: row.total_duration_seconds,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}
