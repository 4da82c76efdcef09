import { AuthInputError, requiredError, type FieldError } from '../auth-errors.ts';
import { toEpochSeconds } from '../../lib/time.ts';
import type { ListedSession } from './session-store.ts';

/** allauth's usersessions Session object. */
export function presentSessions(sessions: ListedSession[], currentId: string) {
  return sessions.map((s) => ({
    user_agent: s.user_agent,
    ip: s.ip,
    created_at: toEpochSeconds(s.created_at),
    is_current: s.id === currentId,
    id: s.public_id,
    last_seen_at: toEpochSeconds(s.last_seen_at),
  }));
}

const sessionsError = (code: string, message: string): FieldError => ({ param: 'sessions', code, message });

/**
 * allauth's SelectSessionsInput (a Django ModelMultipleChoiceField over the user's sessions):
 * the sessions named by `value`, or every problem with it at once.
 */
export function selectSessions(value: unknown, own: ListedSession[]): ListedSession[] {
  if (value === undefined || value === null) throw new AuthInputError([requiredError('sessions')]);
  if (!Array.isArray(value))
    throw new AuthInputError([sessionsError('invalid_list', 'Enter a list of values.')]);
  if (value.length === 0) throw new AuthInputError([requiredError('sessions')]);
  const errors: FieldError[] = [];
  const selected: ListedSession[] = [];
  for (const id of value) {
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) {
      errors.push(sessionsError('invalid_pk_value', `“${String(id)}” is not a valid value.`));
      continue;
    }
    const session = own.find((s) => s.public_id === id);
    if (session) selected.push(session);
    else
      errors.push(
        sessionsError('invalid_choice', `Select a valid choice. ${id} is not one of the available choices.`),
      );
  }
  if (errors.length > 0) throw new AuthInputError(errors);
  return selected;
}
