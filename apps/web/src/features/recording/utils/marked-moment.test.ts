import { describe, expect, it } from 'vitest';

import { formatClock } from '../../../lib/format-duration.ts';
import { markedMoment } from './marked-moment.ts';

describe('markedMoment', () => {
  it('keeps a tenth of a second, as highlights are filed', () => {
    expect(markedMoment(1.64)).toBe(1.6);
    expect(markedMoment(2.46)).toBe(2.5);
    expect(markedMoment(0)).toBe(0);
    expect(markedMoment(-1)).toBe(0);
    expect(markedMoment(Number.NaN)).toBe(0);
  });

  it('reads the same on the recorder as the filed highlight does on the note', () => {
    for (let hundredths = 0; hundredths < 1000; hundredths += 1) {
      const at = markedMoment(hundredths / 100);
      const filed = Math.max(0, Math.round(at * 10) / 10);
      expect(formatClock(at)).toBe(formatClock(filed));
    }
  });
});
