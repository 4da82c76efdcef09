import type { Flow, FlowId, User } from '@voxpad/shared/auth';

/**
 * The envelope every allauth headless call answers with: `status` mirrors the HTTP status and
 * the caller reads it (400/401/403/409/410 resolve rather than reject, spec §8).
 */
export interface AuthResponse {
  status: number;
  data?: {
    user?: User;
    flows?: Flow[];
    email?: string;
    [key: string]: unknown;
  };
  meta?: { is_authenticated?: boolean; [key: string]: unknown };
  errors?: Array<{ message: string; code: string; param?: string }>;
}

export function isAuthenticatedResponse(
  response: AuthResponse,
): response is AuthResponse & { data: { user: User } } {
  return response.status === 200 && response.meta?.is_authenticated === true && Boolean(response.data?.user);
}

/** The flow the server is waiting on (for example `verify_email` after signup), if any. */
export function pendingFlowId(response: AuthResponse): FlowId | null {
  const pending = response.data?.flows?.find((flow) => flow.is_pending === true);
  return pending?.id ?? null;
}

export function errorsOf(response: AuthResponse): Array<{ message: string; code: string; param?: string }> {
  return Array.isArray(response.errors) ? response.errors : [];
}
