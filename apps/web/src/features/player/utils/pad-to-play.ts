export interface PadToPlayInput {
  /** The pad named in the link (`?pad=`), if any. */
  chosen: string | undefined;
  /** The pad of the most recent note across all pads, if there is a note. */
  lastNotePad: string | undefined;
  /** The pads loaded so far, in the order the server lists them. */
  pads: ReadonlyArray<{ id: string; voice_note_count: number }>;
  /** Further pages of pads are still to come. */
  morePads: boolean;
}

/**
 * The pad the Player opens: the one in the link, else the one last recorded into; a pad not
 * loaded yet is waited for (undefined) rather than swapped for another. Failing both, the
 * first pad with notes, then the first pad.
 */
export function padToPlay({ chosen, lastNotePad, pads, morePads }: PadToPlayInput): string | undefined {
  for (const wanted of [chosen, lastNotePad]) {
    if (wanted === undefined) continue;
    if (pads.some((pad) => pad.id === wanted)) return wanted;
    if (morePads) return undefined;
  }
  return (pads.find((pad) => pad.voice_note_count > 0) ?? pads[0])?.id;
}
