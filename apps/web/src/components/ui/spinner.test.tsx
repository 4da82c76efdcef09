import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Spinner } from './spinner.tsx';

afterEach(cleanup);

describe('Spinner', () => {
  it('has 12 bars and announces "Loading..."', () => {
    const { container } = render(<Spinner />);
    expect(container.querySelectorAll('[data-spinner-bar]')).toHaveLength(12);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });
});
