import { rotatedWebhookSecretSchema, type RotatedWebhookSecret } from '@voxpad/shared/webhooks';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** POST webhooks/{id}/rotate-secret/ -> the new secret, shown once; the old one stops at once. */
export function rotateWebhookSecret(id: string): Promise<RotatedWebhookSecret> {
  return apiClient.api(
    'POST',
    `webhooks/${encodeURIComponent(id)}/rotate-secret/`,
    rotatedWebhookSecretSchema,
  );
}

export function useRotateWebhookSecret(options: { onError?: (error: unknown) => void } = {}) {
  return useMutation({ mutationFn: rotateWebhookSecret, onError: options.onError });
}
