/** The second-step authenticators a pending flow accepts (allauth's flow `types`). */
export type SecondFactorType = 'totp' | 'recovery_codes' | 'webauthn';

const SECOND_FACTORS: readonly SecondFactorType[] = ['totp', 'recovery_codes', 'webauthn'];

interface FlowLike {
  id: string;
  is_pending?: boolean;
  types?: readonly string[];
}

/** An auth answer read loosely: its flows may name stages the shared list does not (`mfa_trust`). */
interface LooseAuthResponse {
  status: number;
  data?: unknown;
}

function flowsOf(response: LooseAuthResponse): readonly FlowLike[] {
  const data = response.data;
  if (typeof data !== 'object' || data === null || !('flows' in data)) return [];
  return Array.isArray(data.flows) ? (data.flows as FlowLike[]) : [];
}

/** The id of the flow the server waits on, including ones the shared list does not name (`mfa_trust`). */
export function pendingStep(response: LooseAuthResponse): string | null {
  return flowsOf(response).find((flow) => flow.is_pending === true)?.id ?? null;
}

/**
 * What the login's second step offers, from the session's pending `mfa_authenticate` flow:
 * null when no second step is pending (it timed out, or the person is not logging in).
 */
export function secondFactorTypes(flows: readonly FlowLike[]): SecondFactorType[] | null {
  const pending = flows.find((flow) => flow.id === 'mfa_authenticate' && flow.is_pending === true);
  if (!pending) return null;
  const types = pending.types ?? ['totp', 'recovery_codes'];
  return SECOND_FACTORS.filter((type) => types.includes(type));
}

/** After the second step: allauth's `mfa_trust` stage asks whether to remember this browser. */
export function asksToTrustBrowser(response: LooseAuthResponse): boolean {
  return response.status === 401 && pendingStep(response) === 'mfa_trust';
}
