import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClientLoader } from './query-client-loader.ts';

describe('createQueryClientLoader', () => {
  it('imports React Query only when asked, once, and tells its listeners when the client is there', async () => {
    const importModule = vi.fn(() =>
      import('./query-client.ts').then(({ createQueryClient }) => ({ createQueryClient })),
    );
    const loader = createQueryClientLoader({}, importModule);
    const listener = vi.fn();
    loader.subscribe(listener);
    expect(importModule).not.toHaveBeenCalled();
    expect(loader.loaded()).toBeUndefined();

    const [first, second] = await Promise.all([loader.load(), loader.load()]);
    expect(first).toBeInstanceOf(QueryClient);
    expect(second).toBe(first);
    expect(loader.loaded()).toBe(first);
    expect(importModule).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('gives the client the error handler it was made with', async () => {
    const onError = vi.fn();
    const client = await createQueryClientLoader({ onError }).load();
    const failure = new Error('refused');
    await expect(
      client.fetchQuery({ queryKey: ['loader-test'], queryFn: () => Promise.reject(failure), retry: false }),
    ).rejects.toBe(failure);
    expect(onError).toHaveBeenCalledWith(failure);
  });

  it('tries the import again after it failed (offline before the module was kept)', async () => {
    const importModule = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(() => import('./query-client.ts'));
    const loader = createQueryClientLoader({}, importModule);
    await expect(loader.load()).rejects.toThrow('Failed to fetch');
    expect(loader.loaded()).toBeUndefined();
    await expect(loader.load()).resolves.toBeInstanceOf(QueryClient);
    expect(importModule).toHaveBeenCalledTimes(2);
  });
});
