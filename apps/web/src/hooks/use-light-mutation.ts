import { QueryClientContext } from '@tanstack/react-query';
import { useContext, useState } from 'react';

export interface LightMutationOptions<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  onSuccess?: (data: TData) => unknown;
  onError?: (error: unknown) => unknown;
  onSettled?: () => unknown;
}

/**
 * useMutation's `mutate` and `isPending`, for forms that need no more, without React Query's
 * MutationObserver. Where the query client is loaded the call runs as a mutation of its cache, so
 * its defaults, network mode (waiting while offline) and error handler apply as they do to
 * useMutation; on the login page, which paints without React Query (ADR 0055), it runs as is.
 */
export function useLightMutation<TData, TVariables = void>(options: LightMutationOptions<TData, TVariables>) {
  const queryClient = useContext(QueryClientContext);
  const [isPending, setPending] = useState(false);
  const mutate = (variables: TVariables) => {
    setPending(true);
    const run = queryClient
      ? queryClient
          .getMutationCache()
          .build(queryClient, {
            mutationFn: (given: TVariables) => options.mutationFn(given),
            onSuccess: (data: TData) => options.onSuccess?.(data),
            onError: (error: unknown) => options.onError?.(error),
            onSettled: () => options.onSettled?.(),
          })
          .execute(variables)
      : runAlone(options, variables);
    // onError has had the error, as useMutation's mutate leaves it there.
    run.catch(() => undefined).finally(() => setPending(false));
  };
  return { mutate, isPending };
}

async function runAlone<TData, TVariables>(
  options: LightMutationOptions<TData, TVariables>,
  variables: TVariables,
): Promise<TData> {
  try {
    const data = await options.mutationFn(variables);
    await options.onSuccess?.(data);
    return data;
  } catch (error) {
    await options.onError?.(error);
    throw error;
  } finally {
    await options.onSettled?.();
  }
}
