import type { FastifyRequest } from 'fastify';
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { authenticateBearer } from '../api-tokens/api-tokens.ts';
import type { Db } from '../db/database.ts';
import { ApiProblem } from '../http/api-problem.ts';
import { requireUserId } from '../http/require-user.ts';

/**
 * Who is uploading: the owner of the personal API token in `Authorization: Bearer`, for
 * scripts and apps, or else the logged-in browser session. A token that does not work is
 * refused rather than falling back to the cookie.
 */
export async function uploadCaller(db: Db, request: FastifyRequest): Promise<string> {
  const authorization = request.headers.authorization;
  if (authorization === undefined) return requireUserId(request);
  const userId = await authenticateBearer(db, authorization);
  if (userId) return userId;
  throw new ApiProblem(401, [
    {
      code: API_ERROR_CODES.notAuthenticated,
      message:
        'This API token is not valid: it may have been revoked or have expired. Send "Authorization: Bearer vxp_..." with a token from your account, or log in.',
    },
  ]);
}
