import { passkeysUnavailableText, type PasskeyReach } from '../../lib/passkey-reach.ts';
import { FormAlert } from './form-alert.tsx';

/**
 * Says why passkeys are not offered on this page; where they work at another address of this
 * site, links to the same page there, e.g. "Open Voxpad at http://localhost:8080 to log in
 * with a passkey."
 */
export function PasskeysUnavailable({
  reach,
  action,
}: {
  reach: Exclude<PasskeyReach, { kind: 'here' }>;
  action: string;
}) {
  return (
    <FormAlert tone="info">
      {passkeysUnavailableText(reach)}
      {reach.kind === 'elsewhere' ? (
        <>
          {' '}
          <a
            href={`${reach.origin}${window.location.pathname}${window.location.search}`}
            className="font-medium underline underline-offset-2"
          >
            Open Voxpad at {reach.origin}
          </a>{' '}
          {action}.
        </>
      ) : null}
    </FormAlert>
  );
}
