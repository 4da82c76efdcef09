import { describe, expect, it } from 'vitest';
import type { TranscriptWord } from '@voxpad/shared/voice-notes';
import {
  finalText,
  partialText,
  shownLag,
  initialTranscriptState,
  transcriptReducer,
  type TranscriptAction,
  type TranscriptState,
} from './transcript-state.ts';

const words = (text: string, from = 0): TranscriptWord[] =>
  text
    .split(' ')
    .map((word, index) => ({ word, start: from + index, end: from + index + 0.5, confidence: 0.9 }));

const run = (actions: TranscriptAction[], state: TranscriptState = initialTranscriptState) =>
  actions.reduce(transcriptReducer, state);

describe('the live transcript state', () => {
  it('accumulates final words and lets each partial replace the one before', () => {
    const state = run([
      { type: 'connecting' },
      { type: 'live' },
      { type: 'partial', words: words('please') },
      { type: 'partial', words: words('please remember') },
      { type: 'final', words: words('please remember to buy milk') },
      { type: 'partial', words: words('and bred', 5) },
      { type: 'partial', words: words('and bread tomorrow', 5) },
    ]);
    expect(state.status).toBe('live');
    expect(finalText(state)).toBe('please remember to buy milk');
    expect(state.partial.map((w) => w.word)).toEqual(['and', 'bread', 'tomorrow']);

    const after = run([{ type: 'final', words: words('and bread tomorrow morning', 5) }], state);
    expect(finalText(after)).toBe('please remember to buy milk and bread tomorrow morning');
    expect(after.sentences).toHaveLength(2);
    expect(after.partial).toEqual([]);
  });

  it('keeps an empty final out of the sentences but still clears the partial', () => {
    const state = run([
      { type: 'connecting' },
      { type: 'partial', words: words('hmm') },
      { type: 'final', words: [] },
    ]);
    expect(state.sentences).toEqual([]);
    expect(state.partial).toEqual([]);
  });

  it('says dropped while recording, and not-filed once Stop was sent', () => {
    const recording = run([
      { type: 'connecting' },
      { type: 'live' },
      { type: 'final', words: words('hello') },
    ]);
    const dropped = run([{ type: 'partial', words: words('there') }, { type: 'dropped' }], recording);
    expect(dropped.status).toBe('dropped');
    // What was heard stays on screen; the half-heard words do not.
    expect(finalText(dropped)).toBe('hello');
    expect(dropped.partial).toEqual([]);
    expect(run([{ type: 'stopping' }, { type: 'dropped' }], recording).status).toBe('not-filed');
    expect(run([{ type: 'stopping' }, { type: 'filed' }], recording).status).toBe('filed');
  });

  it('takes no words after the stream ended, and starts empty again', () => {
    const dropped = run([
      { type: 'connecting' },
      { type: 'final', words: words('one') },
      { type: 'dropped' },
    ]);
    const late = run(
      [
        { type: 'final', words: words('two') },
        { type: 'partial', words: words('three') },
        { type: 'live' },
        { type: 'filed' },
      ],
      dropped,
    );
    expect(late).toEqual(dropped);
    expect(run([{ type: 'connecting' }], late)).toEqual({
      status: 'connecting',
      sentences: [],
      partial: [],
      lagSeconds: 0,
    });
    expect(run([{ type: 'reset' }], late)).toEqual(initialTranscriptState);
  });

  it('follows the lag the server reports, says it from 1 s while live, and forgets it when the stream ends', () => {
    const live = run([{ type: 'connecting' }, { type: 'live' }]);
    expect(shownLag(live)).toBeNull();
    const behind = run([{ type: 'lag', seconds: 2.6 }], live);
    expect(behind.lagSeconds).toBe(2.6);
    expect(shownLag(behind)).toBe(3);
    expect(shownLag(run([{ type: 'lag', seconds: 0.9 }], behind))).toBeNull();
    expect(shownLag(run([{ type: 'lag', seconds: 0 }], behind))).toBeNull();
    // Stopping says "saving", not the lag; a dropped stream has none.
    expect(shownLag(run([{ type: 'stopping' }], behind))).toBeNull();
    expect(run([{ type: 'dropped' }], behind).lagSeconds).toBe(0);
    expect(run([{ type: 'lag', seconds: 5 }], run([{ type: 'dropped' }], behind)).lagSeconds).toBe(0);
  });

  it('reads final words in their display forms, skipping empty ones, and partial words as recognised', () => {
    const said: TranscriptWord[] = [
      { word: 'four', text: '$400', start: 0, end: 0.2, confidence: 0.9 },
      { word: 'hundred', text: '', start: 0.2, end: 0.4, confidence: 0.9 },
      { word: 'dollars', text: '', start: 0.4, end: 0.6, confidence: 0.9 },
      { word: 'today', text: 'today.', start: 0.6, end: 0.9, confidence: 0.9 },
    ];
    const state = run([
      { type: 'connecting' },
      { type: 'final', words: said },
      { type: 'final', words: words('old words', 2) },
      { type: 'partial', words: [{ word: 'i', text: 'I', start: 4, end: 4.1, confidence: 0.9 }] },
    ]);
    expect(finalText(state)).toBe('$400 today. old words');
    expect(partialText(state.partial)).toBe('i');
  });
});
