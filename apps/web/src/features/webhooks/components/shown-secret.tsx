import { ShownOnce } from '../../../components/ui/shown-once.tsx';

/** A signing secret, shown once (after adding a webhook or rotating its secret), with Copy. */
export function ShownSecret({
  heading,
  secret,
  onDismiss,
}: {
  heading: string;
  secret: string;
  onDismiss: () => void;
}) {
  return (
    <ShownOnce
      message={`${heading} Copy the signing secret now: it will not be shown again.`}
      label="Signing secret"
      noun="secret"
      value={secret}
      onDismiss={onDismiss}
    />
  );
}
