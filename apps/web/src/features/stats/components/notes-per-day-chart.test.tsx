import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chartSummary, NotesPerDayChart } from './notes-per-day-chart.tsx';

afterEach(cleanup);

const days = [
  { date: '2026-11-19', count: 0 },
  { date: '2026-11-20', count: 3 },
  { date: '2026-11-21', count: 1 },
];

describe('NotesPerDayChart', () => {
  it('summarises the numbers in words', () => {
    expect(chartSummary(days)).toMatch(/^4 voice notes in the last 3 days; the busiest day was .+ with 3\.$/);
    expect(chartSummary(days.map((day) => ({ ...day, count: 0 })))).toBe(
      'No voice notes in the last 3 days.',
    );
  });

  it('is an image named by its summary, with the numbers as a table', () => {
    render(<NotesPerDayChart days={days} />);
    expect(screen.getByRole('img').getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(4);
  });
});
