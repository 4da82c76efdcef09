import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AuthSettings } from '../auth-settings.ts';
import type { AuthMethod } from '../sessions/auth-method.ts';
import { authenticatorTypes, factorsFingerprint, secondFactorIds } from './mfa-factors.ts';
import type { SecretBox } from './secret-box.ts';
import { isTrustedBrowser } from './trust.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Decides at every login whether a second factor is still owed (auth API scope only). */
    secondFactorGate: SecondFactorGate;
  }
}

/**
 * allauth's mfa AuthenticateStage, asked at the one place every login passes
 * (session-flows.ts): a user with TOTP or a passkey gets no session from a first factor alone,
 * unless this browser was trusted for their current second factors, or the login was itself
 * made with a passkey.
 */
export class SecondFactorGate {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    readonly settings: AuthSettings,
  ) {}

  /** The authenticator types the pending second step accepts (allauth's flow `types`). */
  factorTypes(userId: string) {
    return authenticatorTypes(this.db, userId);
  }

  async isOwed(request: FastifyRequest, userId: string, methods: readonly AuthMethod[]): Promise<boolean> {
    if (methods.some((m) => m.method === 'mfa')) return false;
    const factors = await secondFactorIds(this.db, userId);
    if (factors.length === 0) return false;
    return !isTrustedBrowser(this.box, request, userId, factorsFingerprint(userId, factors));
  }
}
