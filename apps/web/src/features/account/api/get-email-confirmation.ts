import { apiClient } from '../../../lib/api-client.ts';

/** What a confirmation link confirms: the address and the account it belongs to. */
export interface EmailConfirmation {
  email: string;
  user: { id: string | number; username?: string; display: string };
}

interface VerificationEnvelope {
  status: number;
  data?: EmailConfirmation;
}

/** GET auth/email/verify (key in X-Email-Verification-Key); null for an unknown or expired key. */
export async function getEmailConfirmation(key: string): Promise<EmailConfirmation | null> {
  const envelope = await apiClient.auth<VerificationEnvelope>('GET', 'auth/email/verify', {
    headers: { 'X-Email-Verification-Key': key },
  });
  if (envelope.status === 200 && envelope.data) return envelope.data;
  if (envelope.status === 400) return null;
  throw new Error('The confirmation link could not be checked. Please try again.');
}
