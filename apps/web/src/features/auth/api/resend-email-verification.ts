import { apiClient, httpStatusOf } from '../../../lib/api-client.ts';

export type ResendOutcome = 'sent' | 'nothing-pending' | 'too-soon';

/**
 * POST auth/email/verify/resend: 200 when a new link is on its way, 409 when this browser
 * has no signup or login waiting for a confirmation, 429 within the resend cool-down.
 */
export async function resendEmailVerification(): Promise<ResendOutcome> {
  try {
    const response = await apiClient.auth<{ status: number }>('POST', 'auth/email/verify/resend');
    return response.status === 200 ? 'sent' : 'nothing-pending';
  } catch (error) {
    if (httpStatusOf(error) === 429) return 'too-soon';
    throw error;
  }
}
