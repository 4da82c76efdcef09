import { LOGIN_CODE_LIFETIME_SECONDS } from '@voxpad/shared/auth';
import { afterEach, describe, expect, it } from 'vitest';
import {
  loginCodeAddress,
  loginCodeLifetime,
  loginCodeSentText,
  rememberLoginCodeAddress,
} from './login-code-address.ts';

afterEach(() => sessionStorage.clear());

describe('login code copy', () => {
  it('names the address the code went to and how long it works', () => {
    rememberLoginCodeAddress('ada@example.org');
    expect(loginCodeAddress()).toBe('ada@example.org');
    expect(loginCodeSentText(loginCodeAddress())).toBe(
      'We emailed a login code to ada@example.org. It works for 3 minutes; enter it here.',
    );
  });

  it('still says how long it works when the address is not known (a reload in another tab)', () => {
    expect(loginCodeSentText(loginCodeAddress())).toBe(
      'We emailed you a login code. It works for 3 minutes; enter it here.',
    );
  });

  it('follows the server’s code lifetime', () => {
    expect(LOGIN_CODE_LIFETIME_SECONDS).toBe(180);
    expect(loginCodeLifetime(60)).toBe('1 minute');
    expect(loginCodeLifetime(90)).toBe('90 seconds');
  });
});
