import { settingsSchema, updateSettingsSchema } from '@voxpad/shared/settings';
import { statsSchema } from '@voxpad/shared/stats';
import { jsonBody, named, noContent, ok, problem, type ApiOperation } from '../operation.ts';

const Settings = named('Settings', settingsSchema);

export const accountOperations: ApiOperation[] = [
  {
    method: 'GET',
    path: '/stats/',
    id: 'getStats',
    tag: 'Stats',
    summary: 'Your totals, queue and storage',
    auth: 'session',
    responses: { 200: ok('The account’s statistics.', named('Stats', statsSchema)) },
  },
  {
    method: 'GET',
    path: '/settings/',
    id: 'getSettings',
    tag: 'Settings',
    summary: 'Your settings',
    auth: 'session',
    responses: { 200: ok('The settings.', Settings) },
  },
  {
    method: 'PATCH',
    path: '/settings/',
    id: 'updateSettings',
    tag: 'Settings',
    summary: 'Change settings',
    description: 'A field left out stays as it is.',
    auth: 'session',
    body: jsonBody(named('UpdateSettings', updateSettingsSchema), { format_transcripts: false }),
    responses: { 200: ok('The settings now.', Settings) },
  },
  {
    method: 'DELETE',
    path: '/account/',
    id: 'deleteAccount',
    tag: 'Account',
    summary: 'Delete your account and everything in it',
    description: 'Needs a recent login or confirmation; logs the browser out.',
    auth: 'session',
    responses: {
      204: noContent('The account, its notes and recordings are gone.'),
      403: problem(
        'Confirm it is you first (`reauthentication_required`: password, authenticator code or passkey), then send it again. Or the CSRF check failed.',
      ),
    },
  },
];
