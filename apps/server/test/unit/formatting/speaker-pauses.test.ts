import { describe, expect, it } from 'vitest';

import { formatWords, readableText } from '../../../src/transcripts/formatting/format-transcript.ts';
import { PAUSE_ENDS } from '../../../src/transcripts/formatting/sentences.ts';
import { LONGEST_THRESHOLD, pauseThatEnds } from '../../../src/transcripts/formatting/speaker-pauses.ts';
import { format, testCasing, timedWords } from './words.ts';

describe('the pause that ends a sentence, for this speaker', () => {
  it('is PAUSE_ENDS for a speaker whose pauses are all short, as flite pauses at its stops', () => {
    expect(pauseThatEnds([0, 0, 0.05, 0, 0.12, 0.08, 0])).toBe(PAUSE_ENDS);
    expect(format('the parcel came|0.05 my sister opened it|0.12 the dog barked|0.08 nobody else came')).toBe(
      'The parcel came. My sister opened it. The dog barked. Nobody else came.',
    );
  });

  it('rises above the short pauses of a speaker who pauses long between sentences', () => {
    // Pauses of 0.04-0.09 s inside sentences and 0.45-0.5 s between them, as a LibriVox reader's.
    const threshold = pauseThatEnds([0, 0.06, 0, 0.5, 0.45, 0, 0.09, 0.04, 0.5]);
    expect(threshold).toBeGreaterThan(0.09);
    expect(threshold).toBeLessThan(0.45);
    expect(
      format(
        'she had time to consider how|0.06 much there was left|0.5 her brother was not unkind|0.45 only rather|0.09 cold hearted and rather selfish|0.04 at times|0.5 nobody could blame him',
      ),
    ).toBe(
      'She had time to consider how, much there was left. Her brother was not unkind. Only rather, cold hearted and rather selfish, at times. Nobody could blame him.',
    );
  });

  it('takes a single short utterance pause as the end it usually is, and never exceeds its pause', () => {
    expect(pauseThatEnds([])).toBe(PAUSE_ENDS);
    expect(pauseThatEnds([0, 0.05, 0])).toBe(PAUSE_ENDS);
    for (const pause of [0.04, 0.1, 0.2, 0.3, 1, 5])
      expect(pauseThatEnds([pause])).toBeLessThanOrEqual(pause);
    expect(format('i think so|0.05 nobody called')).toBe('I think so. Nobody called.');
    expect(format('the parcel came|0.2 nobody was home')).toBe('The parcel came. Nobody was home.');
  });

  it('never rises above the live endpointer cut, however long the pauses', () => {
    expect(pauseThatEnds([3, 4, 5, 6])).toBe(LONGEST_THRESHOLD);
  });

  it('counts the pauses of the live finals before this one', () => {
    const earlier = formatWords(timedWords('her brother was not unkind|0.45 nobody could blame him'), {
      casing: testCasing,
    });
    const last = earlier.at(-1)!;
    const final = timedWords('only rather|0.09 cold hearted', last.end + 0.5);
    expect(readableText(formatWords(final, { casing: testCasing }))).toBe('Only rather. Cold hearted.');
    expect(readableText(formatWords(final, { casing: testCasing, before: earlier }))).toBe(
      'Only rather, cold hearted.',
    );
  });
});
