/**
 * The pure pieces of summaries (ADR 0052): reading what a model answered, however it wraps
 * it; cutting a transcript into parts that fit; snapping a bullet's second to a said line.
 */
import { describe, expect, it } from 'vitest';
import { LlmError } from '../../src/summaries/llm-client.ts';
import { readModelOutput } from '../../src/summaries/summary-output.ts';
import { formatLine, snapToLine, splitIntoParts } from '../../src/summaries/transcript-parts.ts';

const HOST = 'llm.example:8080';
const object = {
  summary: 'It went well.',
  action_items: [{ text: 'Call Sam', start: 12.5 }],
  title: 'A call',
};

describe('reading a model’s answer', () => {
  it.each([
    ['bare JSON', JSON.stringify(object)],
    [
      'a ```json fence after a sentence',
      `Sure! Here it is:\n\`\`\`json\n${JSON.stringify(object)}\n\`\`\`\nAnything else?`,
    ],
    ['an object inside prose', `The answer is ${JSON.stringify(object)} as asked.`],
  ])('reads %s', (_, content) => {
    expect(readModelOutput(content, HOST)).toEqual(object);
  });

  it('takes strings for seconds, plain strings for items, and leaves out empty items', () => {
    const content = JSON.stringify({
      summary: ['One.', 'Two.'],
      action_items: [{ text: ' Buy  milk ', start: '3.5' }, 'Water the plants', { text: '', start: 1 }],
    });
    const output = readModelOutput(content, HOST);
    expect(output.summary).toBe('One. Two.');
    expect(output.title).toBe('');
    expect(output.action_items[0]).toEqual({ text: 'Buy milk', start: 3.5 });
    expect(output.action_items[1]?.text).toBe('Water the plants');
    expect(Number.isNaN(output.action_items[1]?.start)).toBe(true);
    expect(output.action_items).toHaveLength(2);
  });

  it('fails in words, naming the endpoint, when there is no JSON object', () => {
    expect(() => readModelOutput('I cannot do that.', HOST)).toThrow(LlmError);
    expect(() => readModelOutput('[1, 2]', HOST)).toThrow(
      /llm\.example:8080 did not answer in the form asked for/,
    );
  });
});

describe('parts of a transcript', () => {
  const lines = Array.from({ length: 20 }, (_, i) => ({
    start: i * 2,
    text: `line number ${i} says something`,
  }));

  it('keeps every line once, in order, each part within the budget', () => {
    const parts = splitIntoParts(lines, 120);
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.flat()).toEqual(lines);
    for (const part of parts) {
      expect(part.map(formatLine).join('\n').length).toBeLessThanOrEqual(120);
    }
  });

  it('cuts an over-long line between words, each piece keeping its start', () => {
    const long = { start: 7, text: Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ') };
    const parts = splitIntoParts([long], 80);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.flat().every((line) => line.start === 7)).toBe(true);
    expect(
      parts
        .flat()
        .map((line) => line.text)
        .join(' '),
    ).toBe(long.text);
  });

  it('snaps a second to the nearest line start, and a missing one to the first', () => {
    expect(snapToLine(5.2, lines)).toBe(6);
    expect(snapToLine(-4, lines)).toBe(0);
    expect(snapToLine(999, lines)).toBe(38);
    expect(snapToLine(Number.NaN, lines)).toBe(0);
    expect(snapToLine(3, [])).toBe(0);
  });
});
