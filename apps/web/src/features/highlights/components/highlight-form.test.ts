import { describe, expect, it } from 'vitest';
import { readHighlightForm } from './highlight-form.tsx';

const form = { start: '0:42', end: '', label: ' The decision ', comment: ' Ask Sam ' };

describe('readHighlightForm', () => {
  it('reads a moment (empty end) and a range, trimming the label and comment', () => {
    expect(readHighlightForm(form)).toEqual({
      draft: { start: 42, end: null, label: 'The decision', comment: 'Ask Sam' },
    });
    expect(readHighlightForm({ ...form, end: '1:05' })).toEqual({
      draft: { start: 42, end: 65, label: 'The decision', comment: 'Ask Sam' },
    });
  });

  it('says what is wrong, field by field, in words', () => {
    expect(readHighlightForm({ ...form, start: 'soon', end: 'later', label: '  ' })).toEqual({
      errors: {
        start: 'Type where it starts, e.g. 0:42.',
        end: 'Type where it ends, e.g. 1:05, or leave it empty for a moment.',
        label: 'Give the highlight a label.',
      },
    });
    expect(readHighlightForm({ ...form, end: '0:40' })).toEqual({
      errors: { end: 'The end must come after the start. Leave it empty for a moment.' },
    });
  });
});
