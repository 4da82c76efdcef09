import { apiTokenListSchema, createApiTokenSchema, createdApiTokenSchema } from '@voxpad/shared/api-tokens';
import { jsonBody, named, noContent, notFound, ok, problem, type ApiOperation } from '../operation.ts';

export const apiTokenOperations: ApiOperation[] = [
  {
    method: 'GET',
    path: '/tokens/',
    id: 'listApiTokens',
    tag: 'API tokens',
    summary: 'Your personal API tokens',
    description:
      'Expired tokens stay listed (refused when used). The tokens themselves are never shown again.',
    auth: 'session',
    responses: { 200: ok('The tokens.', named('ApiTokenList', apiTokenListSchema)) },
  },
  {
    method: 'POST',
    path: '/tokens/',
    id: 'createApiToken',
    tag: 'API tokens',
    summary: 'Make a personal API token',
    description:
      'For scripts and OpenAI-compatible clients (`Authorization: Bearer`). Needs a recent login or confirmation; ' +
      'the owner is mailed. The answer is the only time the token is shown.',
    auth: 'session',
    body: jsonBody(named('CreateApiToken', createApiTokenSchema), {
      name: 'Laptop script',
      expires_in_days: 90,
    }),
    responses: {
      201: ok('The token, shown this once.', named('CreatedApiToken', createdApiTokenSchema)),
      403: problem(
        'Confirm it is you first (`reauthentication_required`), then send it again. Or the CSRF check failed.',
      ),
      409: problem('The account holds as many tokens as it may (`too_many_api_tokens`).'),
    },
  },
  {
    method: 'DELETE',
    path: '/tokens/',
    id: 'revokeAllApiTokens',
    tag: 'API tokens',
    summary: 'End every token',
    auth: 'session',
    responses: { 204: noContent('Scripts using them stop working.') },
  },
  {
    method: 'DELETE',
    path: '/tokens/{tokenId}/',
    id: 'revokeApiToken',
    tag: 'API tokens',
    summary: 'End one token',
    auth: 'session',
    pathParams: { tokenId: 'The token’s id (not the token).' },
    responses: { 204: noContent('The token no longer works.'), 404: notFound('The token') },
  },
];
