import type { TranscriptWord } from '@voxpad/shared/voice-notes';

/**
 * off: no live stream (not recording into a pad, or not started yet).
 * connecting → live → stopping → filed: the healthy course.
 * dropped: the stream was lost while recording; the recording goes on and is uploaded.
 * not-filed: Stop came but the note was not filed in time; the recording is uploaded instead.
 */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'stopping' | 'filed' | 'dropped' | 'not-filed';

export interface TranscriptState {
  status: LiveStatus;
  /** Finished sentences, in order, each as its words (never empty). */
  sentences: TranscriptWord[][];
  /** The sentence still being spoken, as last heard: replaced by each partial and by its final. */
  partial: TranscriptWord[];
  /** How far the server's decoding is behind the audio, in seconds (0: caught up). */
  lagSeconds: number;
}

export type TranscriptAction =
  | { type: 'connecting' }
  | { type: 'live' }
  | { type: 'partial'; words: TranscriptWord[] }
  | { type: 'final'; words: TranscriptWord[] }
  | { type: 'lag'; seconds: number }
  | { type: 'stopping' }
  | { type: 'filed' }
  | { type: 'dropped' }
  | { type: 'reset' };

export const initialTranscriptState: TranscriptState = {
  status: 'off',
  sentences: [],
  partial: [],
  lagSeconds: 0,
};

const streaming = (status: LiveStatus) =>
  status === 'connecting' || status === 'live' || status === 'stopping';

export function transcriptReducer(state: TranscriptState, action: TranscriptAction): TranscriptState {
  switch (action.type) {
    case 'connecting':
      return { ...initialTranscriptState, status: 'connecting' };
    case 'live':
      return state.status === 'connecting' ? { ...state, status: 'live' } : state;
    case 'partial':
      return streaming(state.status) ? { ...state, partial: action.words } : state;
    case 'final':
      if (!streaming(state.status)) return state;
      return {
        ...state,
        sentences: action.words.length > 0 ? [...state.sentences, action.words] : state.sentences,
        partial: [],
      };
    case 'lag':
      return streaming(state.status) ? { ...state, lagSeconds: action.seconds } : state;
    case 'stopping':
      return streaming(state.status) ? { ...state, status: 'stopping' } : state;
    case 'filed':
      return streaming(state.status) ? { ...state, status: 'filed', partial: [], lagSeconds: 0 } : state;
    case 'dropped':
      if (!streaming(state.status)) return state;
      return {
        ...state,
        status: state.status === 'stopping' ? 'not-filed' : 'dropped',
        partial: [],
        lagSeconds: 0,
      };
    case 'reset':
      return initialTranscriptState;
  }
}

/** Lag below this (seconds) is normal decoding pace: the panel says nothing about it. */
export const SHOWN_LAG_SECONDS = 1;

/**
 * How far behind the words are, in whole seconds, when that is worth saying (at least
 * SHOWN_LAG_SECONDS while the stream runs); null when the words keep up.
 */
export function shownLag(state: TranscriptState): number | null {
  if (state.status !== 'live' || state.lagSeconds < SHOWN_LAG_SECONDS) return null;
  return Math.round(state.lagSeconds);
}

/** A finished sentence as it reads: each word's display form (`text`, else `word`), none of the empty ones. */
export function sentenceText(words: readonly TranscriptWord[]): string {
  return words
    .map((word) => word.text ?? word.word)
    .filter((text) => text !== '')
    .join(' ');
}

/** The sentence still being spoken: the recognised words as they are (not yet formatted). */
export function partialText(words: readonly TranscriptWord[]): string {
  return words.map((word) => word.word).join(' ');
}

/** The final words as one line of text, as the note's transcript will read. */
export function finalText(state: TranscriptState): string {
  return state.sentences.map(sentenceText).join(' ');
}
