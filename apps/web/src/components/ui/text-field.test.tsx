import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextAreaField, TextField } from './text-field.tsx';

afterEach(cleanup);

const FIELDS = [
  ['an input', TextField],
  ['a text area', TextAreaField],
] as const;

describe.each(FIELDS)('%s', (_, Field) => {
  it('is named by its label and described by its hint, then its error, which marks it invalid', () => {
    render(<Field label="Pad name" hint="Shown on the pad." error="Give the pad a name." />);
    const control = screen.getByRole('textbox', { name: 'Pad name' });
    expect(control.getAttribute('aria-invalid')).toBe('true');
    const described = (control.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Shown on the pad.', 'Give the pad a name.']);
  });

  it('without hint or error is neither described nor invalid', () => {
    render(<Field label="Pad name" />);
    const control = screen.getByRole('textbox', { name: 'Pad name' });
    expect(control.hasAttribute('aria-invalid')).toBe(false);
    expect(control.hasAttribute('aria-describedby')).toBe(false);
  });
});
