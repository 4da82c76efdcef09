import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TranscriptWord } from '@voxpad/shared/voice-notes';
import { initialTranscriptState, type TranscriptState } from '../utils/transcript-state.ts';
import { LiveTranscript } from './live-transcript.tsx';

afterEach(cleanup);

const words = (text: string): TranscriptWord[] =>
  text.split(' ').map((word, index) => ({ word, start: index, end: index + 0.5, confidence: 0.9 }));

describe('LiveTranscript', () => {
  it('shows final words plainly, the partial ones apart, and announces only the final ones', () => {
    const state: TranscriptState = {
      ...initialTranscriptState,
      status: 'live',
      sentences: [words('remember the milk'), words('and bread')],
      partial: words('tomorrow morn'),
    };
    const { container } = render(<LiveTranscript state={state} />);
    const region = screen.getByRole('region', { name: 'Live transcript' });
    const finals = [...region.querySelectorAll('.live-transcript-final')].map((e) => e.textContent?.trim());
    expect(finals).toEqual(['remember the milk', 'and bread']);
    const partial = region.querySelector('.live-transcript-partial');
    expect(partial?.textContent).toBe('tomorrow morn');
    expect(partial?.className).toMatch(/italic/);
    const announced = container.querySelector('[aria-live="polite"]');
    expect(announced?.className).toMatch(/sr-only/);
    expect(announced?.textContent?.trim()).toBe('remember the milk and bread');
    expect(screen.getByRole('status').textContent).toBe('Words appear as you speak.');
  });

  it('shows final words in their display forms as sentences, partial words as recognised', () => {
    const final: TranscriptWord[] = [
      { word: 'pay', text: 'Pay', start: 0, end: 0.3, confidence: 0.9 },
      { word: 'four', text: '$400', start: 0.4, end: 0.6, confidence: 0.9 },
      { word: 'hundred', text: '', start: 0.6, end: 0.9, confidence: 0.9 },
      { word: 'dollars', text: '', start: 0.9, end: 1.2, confidence: 0.9 },
      { word: 'monday', text: 'Monday.', start: 1.3, end: 1.7, confidence: 0.9 },
    ];
    const state: TranscriptState = {
      ...initialTranscriptState,
      status: 'live',
      sentences: [final, words('then call')],
      partial: [{ word: 'i', text: 'I', start: 3, end: 3.1, confidence: 0.9 }],
    };
    const { container } = render(<LiveTranscript state={state} />);
    const finals = [...container.querySelectorAll('.live-transcript-final')].map((e) => e.textContent);
    expect(finals).toEqual(['Pay $400 Monday. ', 'then call ']);
    expect(container.querySelector('.live-transcript-partial')?.textContent).toBe('i');
  });

  it('says how far behind the words are from 1 s of lag, and goes back to normal at 0', () => {
    const live: TranscriptState = { ...initialTranscriptState, status: 'live', sentences: [words('hello')] };
    const { rerender } = render(<LiveTranscript state={{ ...live, lagSeconds: 3.4 }} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Catching up, 3 s behind');
    expect(screen.queryByText('Words appear as you speak.')).toBeNull();
    rerender(<LiveTranscript state={{ ...live, lagSeconds: 0.6 }} />);
    expect(screen.getByRole('status').textContent).toBe('Words appear as you speak.');
    rerender(<LiveTranscript state={{ ...live, lagSeconds: 1 }} />);
    expect(screen.getByRole('status').textContent).toBe('Catching up, 1 s behind');
    rerender(<LiveTranscript state={{ ...live, lagSeconds: 0 }} />);
    // The same polite region, so the change is announced.
    expect(screen.getByRole('status')).toBe(status);
    expect(status.textContent).toBe('Words appear as you speak.');
  });

  it('says in words that the live stream stopped and the recording goes on', () => {
    render(
      <LiveTranscript
        state={{ ...initialTranscriptState, status: 'dropped', sentences: [words('hello')] }}
      />,
    );
    expect(screen.getByRole('status').textContent).toMatch(
      /Live transcript stopped\. The recording goes on on this device and is transcribed after it is uploaded\./,
    );
    // What was heard stays on screen.
    const region = screen.getByRole('region', { name: 'Live transcript' });
    expect(region.querySelector('.live-transcript-final')?.textContent?.trim()).toBe('hello');
  });

  it('shows nothing when there is no live stream', () => {
    const { container } = render(<LiveTranscript state={initialTranscriptState} />);
    expect(container.innerHTML).toBe('');
  });
});
