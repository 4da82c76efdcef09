import { vocabularyProposalListSchema, type VocabularyProposal } from '@voxpad/shared/vocabulary';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { vocabularyQueryKey } from './get-vocabulary.ts';

export const proposalsQueryKey = [...vocabularyQueryKey, 'proposals'] as const;

/** GET vocabulary/proposals/: words typed in corrections that the recogniser does not know. */
export async function getProposals(): Promise<VocabularyProposal[]> {
  return (await apiClient.api('GET', 'vocabulary/proposals/', vocabularyProposalListSchema)).proposals;
}

export function proposalsQueryOptions() {
  return queryOptions({ queryKey: proposalsQueryKey, queryFn: getProposals });
}

export function useProposals() {
  return useQuery(proposalsQueryOptions());
}
