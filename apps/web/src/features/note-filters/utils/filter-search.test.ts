import { describe, expect, it } from 'vitest';
import {
  cleanFilterSearch,
  countFilters,
  localDayBound,
  parseNoteFilterSearch,
  toNoteFilterQuery,
  type NoteFilterSearch,
} from './filter-search.ts';

describe('note filters in the URL', () => {
  it('reads a bookmarked view', () => {
    expect(
      parseNoteFilterSearch({
        tag: ['work', 'ideas'],
        pad: 'p1',
        from: '2024-05-01',
        to: '2024-05-31',
        min_duration: '60',
        max_duration: 300,
        status: 'done',
        edited: true,
      }),
    ).toEqual({
      tag: ['work', 'ideas'],
      pad: 'p1',
      from: '2024-05-01',
      to: '2024-05-31',
      min_duration: 60,
      max_duration: 300,
      status: 'done',
      edited: true,
    });
  });

  it('takes one tag as a list, and edited and shared as text', () => {
    expect(parseNoteFilterSearch({ tag: 'work', edited: 'false', shared: 'true' })).toEqual({
      tag: ['work'],
      edited: false,
      shared: true,
    });
    expect(toNoteFilterQuery({ shared: false })).toEqual({ shared: false });
  });

  it('drops what a link got wrong instead of failing the page', () => {
    expect(
      parseNoteFilterSearch({
        tag: ['x'.repeat(51)],
        from: 'yesterday',
        to: 5,
        min_duration: -3,
        max_duration: 'long',
        status: 'finished',
        edited: 'maybe',
        shared: 'sometimes',
        speaker: 'x'.repeat(61),
        other: 'kept out',
      }),
    ).toEqual({});
  });

  it('counts each tag and leaves empty values out', () => {
    const search: NoteFilterSearch = { tag: ['a', 'b'], status: 'failed', from: '' };
    expect(cleanFilterSearch(search)).toEqual({ tag: ['a', 'b'], status: 'failed' });
    expect(countFilters(search)).toBe(3);
    expect(countFilters({ tag: [] })).toBe(0);
  });

  it('sends days as the local day’s first and last instants', () => {
    const from = new Date(localDayBound('2024-03-10', 'from'));
    const to = new Date(localDayBound('2024-03-10', 'to'));
    expect([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours(), from.getMinutes()]).toEqual(
      [2024, 2, 10, 0, 0],
    );
    expect([to.getDate(), to.getHours(), to.getMinutes(), to.getSeconds(), to.getMilliseconds()]).toEqual([
      10, 23, 59, 59, 999,
    ]);
    expect(
      toNoteFilterQuery({ tag: ['a'], from: '2024-03-10', to: '2024-03-10', min_duration: 0, edited: false }),
    ).toEqual({
      tag: ['a'],
      from: from.toISOString(),
      to: to.toISOString(),
      min_duration: 0,
      edited: false,
    });
  });

  it('keeps a speaker’s name trimmed, in the URL and the query; blank is no filter', () => {
    const search = parseNoteFilterSearch({ speaker: '  Ana ' });
    expect(cleanFilterSearch(search)).toEqual({ speaker: 'Ana' });
    expect(toNoteFilterQuery(search)).toEqual({ speaker: 'Ana' });
    expect(countFilters(search)).toBe(1);
    expect(cleanFilterSearch(parseNoteFilterSearch({ speaker: '   ' }))).toEqual({});
  });
});
