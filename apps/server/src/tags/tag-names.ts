import { tagNameKey } from '@voxpad/shared/tags';

export interface TagName {
  /** As the person typed it, trimmed. */
  name: string;
  nameKey: string;
}

/** Names trimmed, each kept once whatever its case (the first casing given wins). */
export function distinctTagNames(names: readonly string[]): TagName[] {
  const seen = new Map<string, TagName>();
  for (const raw of names) {
    const name = raw.trim();
    const nameKey = tagNameKey(name);
    if (!seen.has(nameKey)) seen.set(nameKey, { name, nameKey });
  }
  return [...seen.values()];
}
