/**
 * What a re-transcription keeps of a person's speaker edits (ADR 0053): new engine speakers
 * take the earlier ids by shared time (outside the hand-edited stretches), so names follow;
 * two that share most time with one earlier speaker both become it; a stranger gets a fresh id;
 * the stretches a person reassigned are given again to the words now said there.
 */
import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '@voxpad/shared/voice-notes';
import { keepSpeakerEdits, mapSpeakers } from '../../src/transcripts/speakers/speaker-mapping.ts';
import {
  assignStretch,
  carrySpeakers,
  speakersOfSegments,
} from '../../src/transcripts/speakers/note-speakers.ts';

/** A segment of one-second words from `start`, said by `speaker`. */
function segment(start: number, words: number, speaker?: string): TranscriptSegment {
  return {
    start,
    end: start + words,
    text: Array.from({ length: words }, (_, i) => `w${start + i}`).join(' '),
    words: Array.from({ length: words }, (_, i) => ({
      word: `w${start + i}`,
      start: start + i,
      end: start + i + 0.9,
      confidence: 0.9,
    })),
    ...(speaker ? { speaker } : {}),
  };
}

describe('mapSpeakers', () => {
  it('gives each new speaker the earlier one it shares most time with, whatever the engine numbered them', () => {
    const earlier = [segment(0, 4, 'S1'), segment(5, 4, 'S2'), segment(10, 4, 'S1')];
    // The engine now hears the second voice first.
    const fresh = [segment(0, 4, 'S2'), segment(5, 4, 'S1'), segment(10, 4, 'S2')];
    expect(mapSpeakers(fresh, earlier)).toEqual(
      new Map([
        ['S2', 'S1'],
        ['S1', 'S2'],
      ]),
    );
  });

  it('keeps a merge: two new speakers over one earlier speaker both become it', () => {
    const earlier = [segment(0, 4, 'S1'), segment(5, 4, 'S1'), segment(10, 4, 'S2')];
    const fresh = [segment(0, 4, 'S1'), segment(5, 4, 'S2'), segment(10, 4, 'S3')];
    expect(mapSpeakers(fresh, earlier)).toEqual(
      new Map([
        ['S1', 'S1'],
        ['S2', 'S1'],
        ['S3', 'S2'],
      ]),
    );
  });

  it('gives a new speaker heard where nobody spoke before a fresh id', () => {
    const earlier = [segment(0, 4, 'S1'), segment(5, 4, 'S2')];
    const fresh = [segment(0, 4, 'S1'), segment(5, 4, 'S2'), segment(20, 3, 'S3')];
    expect(mapSpeakers(fresh, earlier).get('S3')).toBe('S3');
    const renumbered = [segment(20, 3, 'S1'), segment(0, 4, 'S2')];
    expect(mapSpeakers(renumbered, [segment(0, 4, 'S1'), segment(5, 4, 'S2')]).get('S1')).toBe('S3');
  });

  it('does not count time a person reassigned by hand', () => {
    // The person gave the first voice's long first turn to S2; the engine still hears S1 there.
    const earlier = [segment(0, 6, 'S2'), segment(7, 3, 'S2'), segment(11, 3, 'S1')];
    const fresh = [segment(0, 6, 'S1'), segment(7, 3, 'S2'), segment(11, 3, 'S1')];
    expect(mapSpeakers(fresh, earlier).get('S1')).toBe('S2');
    expect(mapSpeakers(fresh, earlier, [{ start: 0, end: 6 }]).get('S1')).toBe('S1');
  });
});

describe('keepSpeakerEdits', () => {
  it('keeps the names, and the words a person reassigned, at the same times', () => {
    const earlier = {
      segments: [segment(0, 4, 'S1'), segment(5, 2, 'S2'), segment(7, 2, 'S1'), segment(10, 4, 'S2')],
      speakers: [
        { id: 'S1', name: 'Ana' },
        { id: 'S2', name: 'Bo' },
      ],
      edits: [{ start: 5, end: 6.9, speaker: 'S2' }],
    };
    // The engine's new cut: different segments, speakers numbered the other way round.
    const fresh = [segment(0, 4, 'S2'), segment(5, 4, 'S2'), segment(10, 4, 'S1')];
    const kept = keepSpeakerEdits(fresh, earlier);
    expect(kept.speakers).toEqual(earlier.speakers);
    const who = kept.segments.flatMap((s) => s.words.map((w) => [w.word, s.speaker]));
    expect(who).toEqual([
      ['w0', 'S1'],
      ['w1', 'S1'],
      ['w2', 'S1'],
      ['w3', 'S1'],
      ['w5', 'S2'],
      ['w6', 'S2'],
      ['w7', 'S1'],
      ['w8', 'S1'],
      ['w10', 'S2'],
      ['w11', 'S2'],
      ['w12', 'S2'],
      ['w13', 'S2'],
    ]);
    // The segment the stretch cut is two segments, each with one speaker.
    expect(kept.segments.map((s) => [s.start, s.end, s.speaker])).toEqual([
      [0, 4, 'S1'],
      [5, 6.9, 'S2'],
      [7, 9, 'S1'],
      [10, 14, 'S2'],
    ]);
  });

  it('drops a stretch given to a speaker the note no longer has', () => {
    const earlier = {
      segments: [segment(0, 4, 'S1')],
      speakers: [{ id: 'S1', name: 'Ana' }],
      edits: [{ start: 0, end: 2, speaker: 'S7' }],
    };
    const kept = keepSpeakerEdits([segment(0, 4, 'S1')], earlier);
    expect(kept.segments.map((s) => s.speaker)).toEqual(['S1']);
  });
});

describe('speaker helpers', () => {
  it('lists speakers by id with known names, a default for the others, leaving out the unheard', () => {
    const segments = [segment(0, 2, 'S2'), segment(3, 2, 'S1'), segment(6, 2, 'S3')];
    expect(
      speakersOfSegments(segments, [
        { id: 'S1', name: 'Ana' },
        { id: 'S9', name: 'Gone' },
      ]),
    ).toEqual([
      { id: 'S1', name: 'Ana' },
      { id: 'S2', name: 'Speaker 2' },
      { id: 'S3', name: 'Speaker 3' },
    ]);
  });

  it('carries speakers to re-timed segments by overlap, or to the nearest', () => {
    const from = [segment(0, 3, 'S1'), segment(4, 3, 'S2')];
    const to = [segment(0, 2), segment(2.5, 3), segment(9, 1)];
    expect(carrySpeakers(from, to).map((s) => s.speaker)).toEqual(['S1', 'S2', 'S2']);
  });

  it('cuts a segment where a stretch changes its words’ speaker', () => {
    const cut = assignStretch([segment(0, 5, 'S1')], { start: 1, end: 2.9, speaker: 'S2' });
    expect(cut.map((s) => [s.text, s.speaker])).toEqual([
      ['w0', 'S1'],
      ['w1 w2', 'S2'],
      ['w3 w4', 'S1'],
    ]);
  });
});
