import { cleanup, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from './toast.ts';

afterEach(cleanup);

describe('toast (sonner imported with the first toast)', () => {
  it('shows each kind of toast in the Toaster, with its options', async () => {
    render(<Toaster />);
    toast.success('Pad saved.', { description: 'Three notes in it.' });
    toast.error('HTTP error! status: 503');
    toast.info('“Standup” is back.');
    expect(await screen.findByText('Pad saved.')).toBeTruthy();
    expect(screen.getByText('Three notes in it.')).toBeTruthy();
    expect(await screen.findByText('HTTP error! status: 503')).toBeTruthy();
    expect(await screen.findByText('“Standup” is back.')).toBeTruthy();
  });
});
