import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StorageUsage } from './storage-usage.tsx';

afterEach(cleanup);

const GB = 1024 ** 3;

describe('StorageUsage', () => {
  it('is a progress bar named Storage, telling how much of the quota is used', () => {
    render(<StorageUsage storage={{ used_bytes: 2.5 * GB, limit_bytes: 10 * GB }} />);
    const bar = screen.getByRole('progressbar', { name: 'Storage' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuetext')).toBe('2.5 GB of 10 GB used (25%)');
    expect(screen.getByText('2.5 GB of 10 GB')).toBeTruthy();
    expect(screen.queryByText(/nearly full|is full/)).toBeNull();
  });

  it('says how to make room when nearly or completely full', () => {
    const { rerender } = render(<StorageUsage storage={{ used_bytes: 9.5 * GB, limit_bytes: 10 * GB }} />);
    expect(screen.getByText(/nearly full/)).toBeTruthy();
    rerender(<StorageUsage storage={{ used_bytes: 10 * GB, limit_bytes: 10 * GB }} />);
    expect(screen.getByRole('progressbar', { name: 'Storage' }).getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText(/storage is full: new recordings are refused/)).toBeTruthy();
  });
});
