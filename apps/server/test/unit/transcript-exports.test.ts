import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '@voxpad/shared/voice-notes';
import { type ExportableNote, renderTranscript } from '../../src/transcripts/transcript-exports.ts';

/** A segment saying `text` from `start` to `end`, one timed word per spoken word. */
function segment(start: number, end: number, text: string): TranscriptSegment {
  const words = text.split(' ');
  const step = (end - start) / words.length;
  return {
    start,
    end,
    text,
    words: words.map((word, i) => ({
      word,
      start: start + i * step,
      end: start + (i + 1) * step,
      confidence: 0.9,
    })),
  };
}

function note(title: string, segments: TranscriptSegment[]): ExportableNote {
  return {
    id: 'n1',
    title,
    transcript: segments.map((s) => s.text).join(' '),
    segments,
    durationSeconds: segments.at(-1)?.end ?? 0,
    language: 'en',
    createdAt: '2026-01-01T00:00:00.000Z',
    speakers: [],
  };
}

describe('the Markdown export', () => {
  it('runs a paragraph on to the end of its sentence instead of breaking at each pause', () => {
    const md = renderTranscript(
      note('Budget', [
        segment(0, 3, 'The quarterly budget review'),
        segment(3.5, 6, 'moved to Thursday.'),
        segment(65, 68, 'Bring the figures'),
        segment(68.4, 70, 'for March!'),
      ]),
      'md',
    );
    expect(md).toBe(
      '# Budget\n\n' +
        '**[0:00]** The quarterly budget review moved to Thursday.\n\n' +
        '**[1:05]** Bring the figures for March!\n',
    );
  });

  it('ends with the words of an unfinished last sentence', () => {
    const md = renderTranscript(
      note('Notes', [segment(0, 2, 'One thing.'), segment(2, 4, 'and then')]),
      'md',
    );
    expect(md).toBe('# Notes\n\n**[0:00]** One thing.\n\n**[0:02]** and then\n');
  });

  it('keeps one paragraph per pause when the engine writes no sentence marks', () => {
    const md = renderTranscript(
      note('Plain', [segment(0, 2, 'call the garage'), segment(5, 7, 'buy milk')]),
      'md',
    );
    expect(md).toBe('# Plain\n\n**[0:00]** call the garage\n\n**[0:05]** buy milk\n');
  });

  it('drops the "…" of a title cut from the words, on one line', () => {
    const md = renderTranscript(
      note('Please remember to buy milk and bread tomorrow…', [segment(0, 1, 'Hi.')]),
      'md',
    );
    expect(md.split('\n')[0]).toBe('# Please remember to buy milk and bread tomorrow');
    expect(renderTranscript(note('Two\nlines', []), 'md').split('\n')[0]).toBe('# Two lines');
  });
});

describe('exports of a note with speakers (ADR 0053)', () => {
  const said = (start: number, end: number, text: string, speaker: string) => ({
    ...segment(start, end, text),
    speaker,
  });
  const dialogue = (names: [string, string]): ExportableNote => ({
    ...note('Talk', [
      said(0, 2, 'Hello there.', 'S1'),
      said(2.5, 4, 'Fine thanks.', 'S2'),
      said(4.5, 6, 'And you?', 'S2'),
      said(7, 9, 'Good.', 'S1'),
    ]),
    speakers: [
      { id: 'S1', name: names[0] },
      { id: 'S2', name: names[1] },
    ],
  });

  it('names the speaker of each caption and turn', () => {
    const talk = dialogue(['Ana', 'Bo']);
    expect(renderTranscript(talk, 'vtt')).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n<v Ana>Hello there.\n\n' +
        '00:00:02.500 --> 00:00:04.000\n<v Bo>Fine thanks.\n\n' +
        '00:00:04.500 --> 00:00:06.000\n<v Bo>And you?\n\n' +
        '00:00:07.000 --> 00:00:09.000\n<v Ana>Good.\n',
    );
    expect(renderTranscript(talk, 'srt')).toContain('1\n00:00:00,000 --> 00:00:02,000\nAna: Hello there.\n');
    expect(renderTranscript(talk, 'txt')).toBe(
      'Ana: Hello there.\n\nBo: Fine thanks. And you?\n\nAna: Good.\n',
    );
    expect(renderTranscript(talk, 'md')).toBe(
      '# Talk\n\n**Ana** [0:00] Hello there.\n\n**Bo** [0:02] Fine thanks. And you?\n\n**Ana** [0:07] Good.\n',
    );
    const json = JSON.parse(renderTranscript(talk, 'json')) as { speakers: unknown };
    expect(json.speakers).toEqual(talk.speakers);
  });

  it('keeps markup out of a WebVTT voice name', () => {
    expect(renderTranscript(dialogue(['<b>Ana & co</b>', 'Bo']), 'vtt')).toContain(
      '<v &lt;b&gt;Ana &amp; co&lt;/b&gt;>Hello there.',
    );
  });

  it('names nobody when one person speaks', () => {
    const alone: ExportableNote = {
      ...note('Alone', [said(0, 2, 'Just me.', 'S1')]),
      speakers: [{ id: 'S1', name: 'Ana' }],
    };
    expect(renderTranscript(alone, 'vtt')).toBe('WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nJust me.\n');
    expect(renderTranscript(alone, 'txt')).toBe('Just me.\n');
  });
});
