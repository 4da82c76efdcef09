import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireRecentAuthentication, requireUser } from '../reauthentication/account-guards.ts';
import type { AuthContext, Authenticated } from '../auth-context.ts';
import { AuthInputError, type FieldError } from '../auth-errors.ts';
import { AuthRefusal, conflict, done, withData } from '../flows/auth-outcome.ts';
import { removeDanglingRecoveryCodes } from '../mfa/authenticator-management.ts';
import { unverifiedEmailBlocksMfa } from '../mfa/authenticator-eligibility.ts';
import { ensureRecoveryCodes } from '../mfa/webauthn-enrolment.ts';
import {
  findOwnPasskey,
  PASSKEY_NAME_MAX,
  removePasskeys,
  renamePasskey,
} from '../mfa/webauthn-credentials.ts';
import { presentWebauthn } from '../mfa/authenticator-presenters.ts';
import { beginRegistration, completeRegistration } from '../mfa/webauthn-registration.ts';
import { presenter } from './allauth-presenter.ts';
import { parseAuthInput } from './parse-auth-input.ts';

const PATH = '/account/authenticators/webauthn';

const passkeyId = z.number().int().positive();
const renameInput = z.object({ id: passkeyId, name: z.string().trim().min(1).max(PASSKEY_NAME_MAX) });
const deleteInput = z.object({ authenticators: z.array(passkeyId).min(1).max(100) });

/** Django's ModelChoiceField error, as allauth answers an id that is not one of the user's passkeys. */
const invalidChoice = (param: string): FieldError => ({
  param,
  code: 'invalid_choice',
  message: 'That passkey is not one of yours. Reload the list and try again.',
});

/**
 * allauth's ManageWebAuthnView: creation options, add, rename and remove the logged-in user's
 * passkeys. Adding is refused (409) while an email address is unverified; every action asks
 * for a recent authentication (401 reauthentication flow), as in allauth.
 */
export function registerWebauthnAccountRoutes(app: FastifyInstance, ctx: AuthContext) {
  const answer = presenter(ctx.settings);

  /** The user, unless refused: 401 (not logged in, or reauthentication), or 409 for adding. */
  async function guarded(request: FastifyRequest, adding: boolean): Promise<Authenticated> {
    const current = await requireUser(ctx, request);
    if (adding && (await unverifiedEmailBlocksMfa(ctx.db, current.user))) throw new AuthRefusal(conflict);
    await requireRecentAuthentication(ctx, current);
    return current;
  }

  app.get(PATH, async (request, reply) => {
    const current = await guarded(request, true);
    // allauth: "present (regardless of its value)" asks for a passkey.
    const passwordless = Object.hasOwn((request.query ?? {}) as object, 'passwordless');
    return answer(reply, await beginRegistration(app, ctx, request, current.user, 'register', passwordless));
  });

  app.post(PATH, async (request, reply) => {
    const current = await guarded(request, true);
    const passkey = await completeRegistration(app, ctx, request, current.user, 'register');
    const generated = await ensureRecoveryCodes(ctx, current.user.id);
    return answer(reply, withData(presentWebauthn(passkey), { recovery_codes_generated: generated }));
  });

  app.put(PATH, async (request, reply) => {
    const current = await guarded(request, false);
    const input = parseAuthInput(renameInput, request.body);
    const passkey = await findOwnPasskey(ctx, current.user.id, input.id);
    if (!passkey) throw new AuthInputError([invalidChoice('id')]);
    return answer(reply, withData(presentWebauthn(await renamePasskey(ctx, passkey, input.name))));
  });

  app.delete(PATH, async (request, reply) => {
    const current = await guarded(request, false);
    const input = parseAuthInput(deleteInput, request.body);
    const passkeys = [];
    for (const id of new Set(input.authenticators)) {
      const passkey = await findOwnPasskey(ctx, current.user.id, id);
      if (!passkey) throw new AuthInputError([invalidChoice('authenticators')]);
      passkeys.push(passkey);
    }
    await removePasskeys(ctx, current.user.id, passkeys);
    await removeDanglingRecoveryCodes(ctx, current.user.id);
    return answer(reply, done);
  });
}
