import { useMemo } from 'react';
import { qrCodeShape } from '../utils/qr-code-path.ts';

/** Modules of white border a scanner needs around the code. */
const QUIET_ZONE = 4;

/**
 * A QR code for an authenticator app to scan. Always dark on white, also in the dark theme:
 * scanners expect that contrast.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => qrCodeShape(text), [text]);
  const side = size + QUIET_ZONE * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${side} ${side}`}
      shapeRendering="crispEdges"
      className="size-48 rounded-md border border-slate-200 bg-white dark:border-slate-700"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={side} height={side} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
