import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LEVEL_HISTORY_SIZE } from '../utils/level-history.ts';
import { LiveWaveform } from './live-waveform.tsx';

afterEach(cleanup);

describe('LiveWaveform', () => {
  it('draws a fixed number of bars, the newest level rightmost, louder taller', () => {
    render(<LiveWaveform levels={[0.2, 1]} active />);
    const bars = [...screen.getByTestId('live-waveform').children] as HTMLElement[];
    expect(bars).toHaveLength(LEVEL_HISTORY_SIZE);
    expect(bars.at(-1)!.style.height).toBe('100%');
    expect(bars.at(-2)!.style.height).toBe('20%');
    // Silence still shows a sliver, so the strip never looks broken.
    expect(bars[0]!.style.height).toBe('6%');
  });
});
