import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrCodeShape } from './qr-code-path.ts';

const url = 'otpauth://totp/Voxpad:ann%40example.org?secret=JBSWY3DPEHPK3PXP&issuer=Voxpad';

describe('qrCodeShape', () => {
  it('draws one unit square per dark module, where the module is', () => {
    const { size, path } = qrCodeShape(url);
    const { modules } = create(url, { errorCorrectionLevel: 'M' });
    expect(size).toBe(modules.size);
    const squares = path.match(/M\d+ \d+h1v1h-1z/g) ?? [];
    expect(squares.join('')).toBe(path);
    expect(squares).toHaveLength(modules.data.filter((bit) => bit === 1).length);
    // The finder pattern: the top-left corner is dark, the module inside its white ring is not.
    expect(path.startsWith('M0 0h1v1h-1z')).toBe(true);
    expect(path).not.toContain('M1 1h1v1h-1z');
  });
});
