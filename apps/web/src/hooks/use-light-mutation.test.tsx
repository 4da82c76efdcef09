import { MutationCache, onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLightMutation, type LightMutationOptions } from './use-light-mutation.ts';

function Save(props: LightMutationOptions<string, string>) {
  const mutation = useLightMutation(props);
  return (
    <button type="button" disabled={mutation.isPending} onClick={() => mutation.mutate('ada')}>
      {mutation.isPending ? 'Saving…' : 'Save'}
    </button>
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((yes) => {
    resolve = yes;
  });
  return { promise, resolve };
}

const withClient = (client: QueryClient) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
const alone = ({ children }: { children: ReactNode }) => <>{children}</>;

async function clickSave() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });
}

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
});

describe.each([
  ['with a query client', () => withClient(new QueryClient())],
  ['without one (the login page)', () => alone],
])('useLightMutation %s', (_name, wrapper) => {
  it('is pending while the call runs, then hands its answer to onSuccess and settles', async () => {
    const call = deferred<string>();
    const mutationFn = vi.fn(() => call.promise);
    const onSuccess = vi.fn();
    const onSettled = vi.fn();
    render(<Save mutationFn={mutationFn} onSuccess={onSuccess} onSettled={onSettled} />, {
      wrapper: wrapper(),
    });

    await clickSave();
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeTruthy();
    expect(mutationFn).toHaveBeenCalledWith('ada');

    await act(async () => call.resolve('saved'));
    expect(onSuccess).toHaveBeenCalledWith('saved');
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('hands a failure to onError, and is no longer pending', async () => {
    const failure = new Error('refused');
    const onError = vi.fn();
    render(<Save mutationFn={() => Promise.reject(failure)} onError={onError} />, { wrapper: wrapper() });

    await clickSave();
    expect(onError).toHaveBeenCalledWith(failure);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});

describe('useLightMutation with a query client', () => {
  it('runs through its mutation cache: the cache’s error handler hears of a failure', async () => {
    const cacheError = vi.fn();
    const client = new QueryClient({ mutationCache: new MutationCache({ onError: cacheError }) });
    const failure = new Error('refused');
    render(<Save mutationFn={() => Promise.reject(failure)} />, { wrapper: withClient(client) });

    await clickSave();
    expect(cacheError).toHaveBeenCalledWith(failure, 'ada', undefined, expect.anything(), expect.anything());
  });

  it('waits while offline, as useMutation does, and sends once the browser is back online', async () => {
    const mutationFn = vi.fn(() => Promise.resolve('saved'));
    const onSuccess = vi.fn();
    render(<Save mutationFn={mutationFn} onSuccess={onSuccess} />, {
      wrapper: withClient(new QueryClient()),
    });
    onlineManager.setOnline(false);

    await clickSave();
    expect(mutationFn).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeTruthy();

    await act(async () => {
      onlineManager.setOnline(true);
    });
    expect(mutationFn).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledWith('saved');
  });
});
