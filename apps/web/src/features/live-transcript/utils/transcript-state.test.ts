import { describe, expect, it } from 'vitest';
import type { TranscriptWord } from '@voxpad/shared/voice-notes';
import {
  finalText,
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
    expect(run([{ type: 'connecting' }], late)).toEqual({ status: 'connecting', sentences: [], partial: [] });
    expect(run([{ type: 'reset' }], late)).toEqual(initialTranscriptState);
  });
});
