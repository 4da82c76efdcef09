import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary.tsx';
import { ErrorFallback } from './error-fallback.tsx';

afterEach(cleanup);

describe('ErrorFallback', () => {
  it('shows the exact texts and the four actions', () => {
    const onReset = vi.fn();
    const onReload = vi.fn();
    render(<ErrorFallback onReset={onReset} onReload={onReload} supportEmail="help@example.org" />);

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(
      screen.getByText("An unexpected error occurred. This has been logged and we'll look into it."),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(onReload).toHaveBeenCalledTimes(1);

    // Go Home is a real link so it reloads the whole document.
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Send Email to Support' }).getAttribute('href')).toBe(
      'mailto:help@example.org',
    );
  });
});

describe('ErrorBoundary', () => {
  it('catches a rendering error, logs it, and Try Again renders the children again', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onError = vi.fn();
    let setBroken: (broken: boolean) => void = () => undefined;

    function Child({ broken }: { broken: boolean }) {
      if (broken) throw new Error('Kaboom');
      return <p>All good</p>;
    }
    function Harness() {
      const [broken, set] = useState(false);
      setBroken = set;
      return (
        <ErrorBoundary supportEmail="help@example.org" onError={onError}>
          <Child broken={broken} />
        </ErrorBoundary>
      );
    }

    render(<Harness />);
    expect(screen.getByText('All good')).toBeTruthy();

    act(() => setBroken(true));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Kaboom' }), expect.anything());
    expect(
      consoleError.mock.calls.some((call) =>
        call.some((argument) => argument instanceof Error && argument.message === 'Kaboom'),
      ),
    ).toBe(true);

    // Fix the cause, then Try Again returns to normal.
    act(() => setBroken(false));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('All good')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});
