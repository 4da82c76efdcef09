import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import type { PasskeyReach } from '../../../lib/passkey-reach.ts';
import { ReauthenticationCancelledError } from '../api/account-call.ts';
import { ReauthenticationContext, type Reauthentication } from '../hooks/use-reauthenticated.ts';
import type { ReauthenticationMethod } from '../utils/reauthentication-methods.ts';
import { focusFirstStep, ReauthenticationForm } from './reauthentication-form.tsx';

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Holds the one "confirm it’s you" prompt of the account area. Every sensitive call that the
 * server sends back for reauthentication waits on it; one confirmation (password, code or
 * passkey, as the server offers) lets them all go on. A passkey is offered only where this
 * page can use one (`passkeys`, from the auth config); elsewhere the prompt says where it works.
 */
export function ReauthenticationProvider({
  children,
  passkeys = { kind: 'here' },
}: {
  children: ReactNode;
  passkeys?: PasskeyReach;
}) {
  const waiters = useRef<Waiter[]>([]);
  const [methods, setMethods] = useState<ReauthenticationMethod[] | null>(null);
  const open = methods !== null;
  const body = useRef<HTMLDivElement>(null);

  // After the Dialog (a child, whose effect runs first) has opened: focus what to type in.
  useEffect(() => {
    if (open) focusFirstStep(body.current);
  }, [open]);

  const value = useMemo<Reauthentication>(
    () => ({
      confirm: (offered: ReauthenticationMethod[] = ['password']) =>
        new Promise<void>((resolve, reject) => {
          waiters.current.push({ resolve, reject });
          setMethods((shown) => shown ?? usableMethods(offered, passkeys));
        }),
    }),
    [passkeys],
  );

  function settle(outcome: 'confirmed' | 'cancelled') {
    const waiting = waiters.current;
    waiters.current = [];
    setMethods(null);
    for (const waiter of waiting) {
      if (outcome === 'confirmed') waiter.resolve();
      else waiter.reject(new ReauthenticationCancelledError());
    }
  }

  return (
    <ReauthenticationContext value={value}>
      {children}
      <Dialog open={open} title="Confirm it’s you" onRequestClose={() => settle('cancelled')}>
        <div ref={body}>
          {methods ? (
            <ReauthenticationForm
              methods={methods}
              passkeys={passkeys}
              onConfirmed={() => settle('confirmed')}
              onCancel={() => settle('cancelled')}
            />
          ) : null}
        </div>
      </Dialog>
    </ReauthenticationContext>
  );
}

/**
 * What the prompt offers: the server's ways, less a passkey this page cannot use when another
 * way is left (a passkey-only account keeps it, and the form says where passkeys work).
 */
function usableMethods(offered: ReauthenticationMethod[], passkeys: PasskeyReach): ReauthenticationMethod[] {
  if (offered.length === 0) return ['password'];
  if (passkeys.kind === 'here') return offered;
  const usable = offered.filter((method) => method !== 'webauthn');
  return usable.length > 0 ? usable : offered;
}
