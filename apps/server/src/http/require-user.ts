import type { FastifyRequest } from 'fastify';
import { notAuthenticated } from './api-problem.ts';

/** The id of the logged-in user, or a 401 in the product API's error shape. */
export async function requireUserId(request: FastifyRequest): Promise<string> {
  const session = await request.getSession();
  if (!session?.userId) throw notAuthenticated();
  return session.userId;
}
