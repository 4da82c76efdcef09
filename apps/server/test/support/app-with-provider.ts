import type { BuildOptions } from '../../src/app.ts';
import { AUTH } from './accounts.ts';
import type { TestIdp } from './oidc-provider.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/** The provider id, client id and secret every social-login test registers. */
export const PROVIDER = { id: 'localid', clientId: 'voxpad', clientSecret: 'secret-1' } as const;

/**
 * A test app with `idp` configured as its one OpenID provider ("Local ID"), and the app
 * registered at the provider with its callback URI, as an operator would set them up.
 */
export async function startAppWithProvider(
  idp: TestIdp,
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const app = await startTestApp(
    {
      ...env,
      SOCIAL_PROVIDERS: JSON.stringify([
        {
          id: PROVIDER.id,
          name: 'Local ID',
          issuer: idp.issuer,
          client_id: PROVIDER.clientId,
          client_secret: PROVIDER.clientSecret,
        },
      ]),
    },
    options,
  );
  idp.addClient({
    client_id: PROVIDER.clientId,
    client_secret: PROVIDER.clientSecret,
    redirect_uris: [`${app.baseUrl}${AUTH}/auth/provider/callback/${PROVIDER.id}`],
  });
  return app;
}
