import { describe, expect, it } from 'vitest';
import { recoveryCodesFileName, recoveryCodesText } from './recovery-codes-file.ts';

describe('the recovery codes download', () => {
  it('says what the codes are for, then lists each code on its own line', () => {
    const text = recoveryCodesText(['a1b2c3d4', 'e5f6g7h8'], {
      site: 'https://notes.example.org',
      account: 'ann@example.org',
    });
    const lines = text.split('\n');
    expect(lines[0]).toBe('Voxpad recovery codes for ann@example.org at https://notes.example.org');
    expect(text).toContain('Each code logs you in once');
    expect(lines.slice(-3)).toEqual(['a1b2c3d4', 'e5f6g7h8', '']);
  });

  it('names the file after the site, without characters a file system refuses', () => {
    expect(recoveryCodesFileName('https://notes.example.org')).toBe(
      'voxpad-recovery-codes-notes.example.org.txt',
    );
    expect(recoveryCodesFileName('http://localhost:8080')).toBe('voxpad-recovery-codes-localhost-8080.txt');
  });
});
