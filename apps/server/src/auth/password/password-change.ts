import type { FastifyInstance, FastifyRequest } from 'fastify';
import { revokeAllApiTokens } from '../../api-tokens/api-tokens-repository.ts';
import { passwordChangedMail } from '../../email/templates/password-changed-mail.ts';
import type { AuthContext, Authenticated } from '../auth-context.ts';
import { AuthInputError, requiredError, type FieldError } from '../auth-errors.ts';
import { appLinks, appOrigin } from '../links.ts';
import { validatePassword } from './password-validation.ts';
import { deletePasswordResetKeys } from './password-reset-keys.ts';
import { endOtherSessions } from '../sessions/end-sessions.ts';
import { sessionEnded } from '../sessions/session-ends.ts';
import type { StartedSession } from '../sessions/session-plugin.ts';
import { setPasswordHash } from '../accounts/users-repository.ts';

export interface PasswordChangeInput {
  currentPassword: string | undefined;
  newPassword: string | undefined;
}

const wrongCurrentPassword: FieldError = {
  param: 'current_password',
  code: 'enter_current_password',
  message: 'Please type your current password.',
};

/** allauth's ChangePasswordInput: the current password (when the account has one) and a valid new one. */
async function validateChange(ctx: AuthContext, { user }: Authenticated, input: PasswordChangeInput) {
  const errors: FieldError[] = [];
  const hasPassword = user.password_hash !== null;
  if (input.currentPassword) {
    if (!(await ctx.passwords.check(input.currentPassword, user.password_hash)).ok)
      errors.push(wrongCurrentPassword);
  } else if (hasPassword) {
    errors.push(requiredError('current_password'));
  }
  if (!input.newPassword) errors.push(requiredError('new_password'));
  else {
    const weak = validatePassword(input.newPassword, { username: user.username, email: user.email });
    errors.push(...weak.map((e) => ({ ...e, param: 'new_password' })));
  }
  if (errors.length > 0) throw new AuthInputError(errors);
  return { newPassword: input.newPassword!, set: !hasPassword };
}

/**
 * allauth's change_password (or set_password for an account made through a provider): the
 * new password replaces the old one, which retires everything the old one vouched for on
 * other devices: their sessions, every personal API token and any reset link. This browser
 * stays logged in on a fresh session (rotated, as a login would), whose cookie the answer must
 * carry, and the owner is mailed.
 */
export async function changePassword(
  ctx: AuthContext,
  app: FastifyInstance,
  request: FastifyRequest,
  current: Authenticated,
  input: PasswordChangeInput,
): Promise<StartedSession> {
  const { newPassword, set } = await validateChange(ctx, current, input);
  const { user, session } = current;
  await setPasswordHash(ctx.db, user.id, await ctx.passwords.hash(newPassword), Date.now());
  await deletePasswordResetKeys(ctx.db, user.id);
  const rotated = await app.sessions.begin(request, user.id, session.data, session.authenticatedAt);
  sessionEnded(session.id);
  await endOtherSessions(app.sessions.store, user.id, rotated.session.id);
  await revokeAllApiTokens(ctx.db, user.id);
  const origin = appOrigin(request, ctx.settings.publicUrl);
  ctx.mail.enqueue(() =>
    Promise.resolve(
      passwordChangedMail({ to: user.email, set, resetUrl: appLinks.requestPasswordReset(origin) }),
    ),
  );
  return rotated;
}
