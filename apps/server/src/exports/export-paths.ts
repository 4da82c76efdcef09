/**
 * Folder names in an export: readable (the pad's name; the note's date and title) and unique
 * (a short id, and a number when two still meet), with no character that means something to a
 * file system or an unzip tool.
 */
const MAX_NAME = 60;

export function safeSegment(text: string, fallback: string): string {
  const cleaned = text
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[ .]+|[ .]+$/g, '')
    .slice(0, MAX_NAME)
    .trim();
  return cleaned || fallback;
}

/** Hands out each name once: a name met again gets " (2)", " (3)", ... */
export class UniqueNames {
  private readonly used = new Set<string>();

  take(name: string): string {
    let candidate = name;
    for (let n = 2; this.used.has(candidate.toLowerCase()); n++) candidate = `${name} (${n})`;
    this.used.add(candidate.toLowerCase());
    return candidate;
  }
}

export function padFolder(pad: { id: string; name: string }): string {
  return `${safeSegment(pad.name, 'Pad')} ${pad.id.slice(-6)}`;
}

export function noteFolder(note: { id: string; title: string; created_at: number }): string {
  const day = new Date(note.created_at).toISOString().slice(0, 10);
  return `${day} ${safeSegment(note.title, 'Voice note')} ${note.id.slice(-6)}`;
}

/** The audio's extension, from its storage key (`audio/<owner>/<id>.webm`). */
export function audioFileName(storageKey: string): string {
  const extension = /\.([a-z0-9]+)$/.exec(storageKey)?.[1] ?? 'bin';
  return `audio.${extension}`;
}
