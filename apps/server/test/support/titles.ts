import { expect } from 'vitest';

/**
 * The note is titled by the first words of its transcript (ADR 0026), not by the name of the
 * file it was uploaded as: the title, without a closing "…" and in any case, starts the text.
 */
export function expectTitledByItsWords(note: { title: string; transcript: string | null }, fileStem: string) {
  expect(note.title).not.toBe(fileStem);
  const words = note.title.replace(/…$/u, '').toLowerCase();
  expect(words.length).toBeGreaterThan(0);
  expect((note.transcript ?? '').toLowerCase().startsWith(words)).toBe(true);
}
