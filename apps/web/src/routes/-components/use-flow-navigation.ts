import type { FlowId } from '@voxpad/shared/auth';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';

/** Sends the person to the screen for a pending auth flow; false when there is no such screen. */
export function useFlowNavigation(): (flow: FlowId) => boolean {
  const navigate = useNavigate();
  return useCallback(
    (flow: FlowId) => {
      if (flow === 'verify_email') {
        void navigate({ to: '/auth/verification-pending' });
        return true;
      }
      if (flow === 'login_by_code') {
        void navigate({ to: '/auth/magic/verify' });
        return true;
      }
      if (flow === 'mfa_authenticate') {
        void navigate({ to: '/auth/two-factor' });
        return true;
      }
      if (flow === 'mfa_signup_webauthn') {
        void navigate({ to: '/auth/passkey-signup' });
        return true;
      }
      return false;
    },
    [navigate],
  );
}
