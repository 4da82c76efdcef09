import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useKeyboardShortcut } from './use-keyboard-shortcut.ts';

function Harness({ onPress }: { onPress: () => void }) {
  useKeyboardShortcut('r', onPress);
  return (
    <div>
      <button type="button">A button</button>
      <input aria-label="A field" />
      <textarea aria-label="Some text" />
      <div contentEditable="true" suppressContentEditableWarning>
        editable
      </div>
      <div role="dialog">
        <button type="button">In a dialog</button>
      </div>
    </div>
  );
}

function press(target: Element | Document, init: KeyboardEventInit) {
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }));
  });
}

afterEach(cleanup);

describe('useKeyboardShortcut', () => {
  it('fires for the plain key on the page and on buttons, in either case', () => {
    const onPress = vi.fn();
    const { getByText } = render(<Harness onPress={onPress} />);
    press(document.body, { key: 'r' });
    press(getByText('A button'), { key: 'R', shiftKey: true });
    expect(onPress).toHaveBeenCalledTimes(2);
  });

  it('leaves typing alone: fields, text areas, editable text and dialogs', () => {
    const onPress = vi.fn();
    const { getByLabelText, getByText } = render(<Harness onPress={onPress} />);
    press(getByLabelText('A field'), { key: 'r' });
    press(getByLabelText('Some text'), { key: 'r' });
    press(getByText('editable'), { key: 'r' });
    press(getByText('In a dialog'), { key: 'r' });
    expect(onPress).not.toHaveBeenCalled();
  });

  it('leaves browser shortcuts alone (Ctrl+R reloads) and ignores key repeat', () => {
    const onPress = vi.fn();
    render(<Harness onPress={onPress} />);
    press(document.body, { key: 'r', ctrlKey: true });
    press(document.body, { key: 'r', metaKey: true });
    press(document.body, { key: 'r', altKey: true });
    press(document.body, { key: 'r', repeat: true });
    press(document.body, { key: 'e' });
    expect(onPress).not.toHaveBeenCalled();
  });
});
