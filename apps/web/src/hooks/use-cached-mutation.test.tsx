import { MutationCache, onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCachedMutation } from './use-cached-mutation.ts';

function Save({
  save,
  onSuccess,
  onError,
}: {
  save: (name: string) => Promise<string>;
  onSuccess?: (answer: string) => void;
  onError?: (error: unknown) => void;
}) {
  const mutation = useCachedMutation({
    mutationFn: save,
    ...(onSuccess ? { onSuccess } : {}),
    ...(onError ? { onError } : {}),
  });
  return (
    <button type="button" disabled={mutation.isPending} onClick={() => mutation.mutate('ada')}>
      {mutation.isPending ? 'Saving…' : 'Save'}
    </button>
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function renderWith(client: QueryClient, props: Parameters<typeof Save>[0]) {
  return render(
    <QueryClientProvider client={client}>
      <Save {...props} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
});

describe('useCachedMutation', () => {
  it('is pending while the call runs, then hands its answer to onSuccess', async () => {
    const call = deferred<string>();
    const save = vi.fn(() => call.promise);
    const onSuccess = vi.fn();
    renderWith(new QueryClient(), { save, onSuccess });

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeTruthy();
    expect(save).toHaveBeenCalledWith('ada', expect.anything());

    await act(async () => call.resolve('saved'));
    expect(onSuccess).toHaveBeenCalledWith('saved', 'ada', undefined, expect.anything());
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('hands a failure to its onError and to the mutation cache’s, and is no longer pending', async () => {
    const cacheError = vi.fn();
    const client = new QueryClient({ mutationCache: new MutationCache({ onError: cacheError }) });
    const onError = vi.fn();
    const failure = new Error('refused');
    renderWith(client, { save: () => Promise.reject(failure), onError });

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(onError).toHaveBeenCalledWith(failure, 'ada', undefined, expect.anything());
    expect(cacheError).toHaveBeenCalledWith(failure, 'ada', undefined, expect.anything(), expect.anything());
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('waits while offline, as useMutation does, and sends once the browser is back online', async () => {
    const save = vi.fn(() => Promise.resolve('saved'));
    const onSuccess = vi.fn();
    renderWith(new QueryClient(), { save, onSuccess });
    onlineManager.setOnline(false);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeTruthy();

    await act(async () => {
      onlineManager.setOnline(true);
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledWith('saved', 'ada', undefined, expect.anything());
  });
});
