import { create } from 'qrcode';

export interface QrCodeShape {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** One SVG path of unit squares, one per dark module, in module coordinates. */
  path: string;
}

/**
 * The QR code of `text` (medium error correction, enough for an otpauth:// URL) as an SVG
 * path, drawn by the page itself rather than from an image the CSP would have to allow.
 */
export function qrCodeShape(text: string): QrCodeShape {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const squares: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) squares.push(`M${column} ${row}h1v1h-1z`);
    }
  }
  return { size: modules.size, path: squares.join('') };
}
