import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TranscriptWord } from '@voxpad/shared/voice-notes';
import type { TranscriptState } from '../utils/transcript-state.ts';
import { LiveTranscript } from './live-transcript.tsx';

afterEach(cleanup);

const words = (text: string): TranscriptWord[] =>
  text.split(' ').map((word, index) => ({ word, start: index, end: index + 0.5, confidence: 0.9 }));

describe('LiveTranscript', () => {
  it('shows final words plainly, the partial ones apart, and announces only the final ones', () => {
    const state: TranscriptState = {
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
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says in words that the live stream stopped and the recording goes on', () => {
    render(<LiveTranscript state={{ status: 'dropped', sentences: [words('hello')], partial: [] }} />);
    expect(screen.getByRole('status').textContent).toMatch(
      /Live transcript stopped\. The recording goes on on this device and is transcribed after it is uploaded\./,
    );
    // What was heard stays on screen.
    const region = screen.getByRole('region', { name: 'Live transcript' });
    expect(region.querySelector('.live-transcript-final')?.textContent?.trim()).toBe('hello');
  });

  it('shows nothing when there is no live stream', () => {
    const { container } = render(<LiveTranscript state={{ status: 'off', sentences: [], partial: [] }} />);
    expect(container.innerHTML).toBe('');
  });
});
