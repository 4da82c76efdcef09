/**
 * A new transcription's speakers with the owner's named "You" (ADR 0058), and its prints under
 * the ids the note keeps. A name a person gave always wins: only a speaker still called by its
 * default name ("Speaker 2") becomes "You", and nobody does when some speaker is already "You".
 */
import type { NoteSpeaker } from '@voxpad/shared/speakers';
import { defaultName } from '../speakers/note-speakers.ts';
import { combinePrints, type VoicePrint } from '../../transcription/speakers/voiceprint.ts';
import { isOwnerName, OWNER_NAME } from './teach-voice.ts';

export function nameOwner(speakers: readonly NoteSpeaker[], ownerId: string | undefined): NoteSpeaker[] {
  if (ownerId === undefined || speakers.some((s) => isOwnerName(s.name))) return [...speakers];
  return speakers.map((s) =>
    s.id === ownerId && s.name === defaultName(s.id) ? { ...s, name: OWNER_NAME } : s,
  );
}

/** Engine ids → the ids kept (speaker-mapping.ts); two engine speakers kept as one pool their prints. */
export function keptPrints(
  prints: Readonly<Record<string, VoicePrint>>,
  mapping: ReadonlyMap<string, string>,
): Record<string, VoicePrint> {
  const kept: Record<string, VoicePrint> = {};
  for (const [id, print] of Object.entries(prints)) {
    const to = mapping.get(id) ?? id;
    const earlier = kept[to];
    kept[to] = earlier ? combinePrints(earlier, print) : print;
  }
  return kept;
}
