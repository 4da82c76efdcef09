import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMarkKey } from './use-mark-key.ts';

afterEach(cleanup);

function Page({ enabled, onMark }: { enabled: boolean; onMark: () => void }) {
  useMarkKey(enabled, onMark);
  return <input aria-label="Title" />;
}

describe('useMarkKey', () => {
  it('marks on H while recording, not while typing in a field, with a modifier or when not recording', () => {
    const onMark = vi.fn();
    const { rerender, getByLabelText } = render(<Page enabled onMark={onMark} />);
    fireEvent.keyDown(window, { key: 'h' });
    fireEvent.keyDown(window, { key: 'H' });
    expect(onMark).toHaveBeenCalledTimes(2);

    fireEvent.keyDown(getByLabelText('Title'), { key: 'h' });
    fireEvent.keyDown(window, { key: 'h', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'h', repeat: true });
    fireEvent.keyDown(window, { key: 'j' });
    expect(onMark).toHaveBeenCalledTimes(2);

    rerender(<Page enabled={false} onMark={onMark} />);
    fireEvent.keyDown(window, { key: 'h' });
    expect(onMark).toHaveBeenCalledTimes(2);
  });
});
