import { useQueryClient, type DefaultError, type MutationOptions } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * useMutation's `mutate` and `isPending` for a form that needs no more: the call runs as a
 * mutation of the query client's cache, so its defaults, network mode and error handler apply as
 * they do to useMutation, but without React Query's MutationObserver, which the login page's
 * first chunks do without (ADR 0055).
 */
export function useCachedMutation<TData, TVariables = void>(
  options: MutationOptions<TData, DefaultError, TVariables>,
) {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const mutate = (variables: TVariables) => {
    setPending(true);
    queryClient
      .getMutationCache()
      .build(queryClient, options)
      .execute(variables)
      // The mutation's onError has had the error, as useMutation's mutate leaves it there.
      .catch(() => undefined)
      .finally(() => setPending(false));
  };
  return { mutate, isPending };
}
