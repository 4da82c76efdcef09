import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client.ts';
import {
  accountCall,
  accountErrorsOf,
  AccountInputError,
  ReauthenticationCancelledError,
  ReauthenticationRequiredError,
  SignedOutError,
} from './account-call.ts';

afterEach(() => vi.restoreAllMocks());

function answer(envelope: unknown) {
  return vi.spyOn(apiClient, 'auth').mockResolvedValue(envelope);
}

const user = { id: 1, display: 'ann', has_usable_password: true };

describe('accountCall', () => {
  it('gives the data of a 200 and sends the body', async () => {
    const auth = answer({ status: 200, data: [{ email: 'a@example.org', primary: true, verified: true }] });
    await expect(accountCall('POST', 'account/email', { email: 'a@example.org' })).resolves.toEqual([
      { email: 'a@example.org', primary: true, verified: true },
    ]);
    expect(auth).toHaveBeenCalledWith('POST', 'account/email', { body: { email: 'a@example.org' } });
  });

  it('tells "confirm your password" from "logged out"', async () => {
    answer({
      status: 401,
      data: { user, methods: [], flows: [{ id: 'reauthenticate' }] },
      meta: { is_authenticated: true },
    });
    await expect(accountCall('PATCH', 'account/email')).rejects.toBeInstanceOf(ReauthenticationRequiredError);

    answer({ status: 401, data: { flows: [{ id: 'login' }] }, meta: { is_authenticated: false } });
    await expect(accountCall('GET', 'auth/sessions')).rejects.toBeInstanceOf(SignedOutError);
    answer({ status: 409 });
    await expect(accountCall('POST', 'account/email')).rejects.toBeInstanceOf(SignedOutError);
  });

  it('keeps the server’s field errors of a refusal', async () => {
    const errors = [{ param: 'email', code: 'email_taken', message: 'A user is already registered.' }];
    answer({ status: 400, errors });
    const refusal = await accountCall('POST', 'account/email').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AccountInputError);
    expect(accountErrorsOf(refusal)).toEqual(errors);

    answer({ status: 403 });
    const forbidden = await accountCall('PUT', 'account/email').catch((error: unknown) => error);
    expect(accountErrorsOf(forbidden)).toEqual([
      { message: 'That cannot be done right now. Wait a moment and try again.', code: 'invalid' },
    ]);
  });

  it('has nothing to say about a prompt the person cancelled', () => {
    expect(accountErrorsOf(new ReauthenticationCancelledError())).toEqual([]);
  });
});
