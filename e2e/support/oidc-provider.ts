// The e2e tests log in through the same loopback OpenID provider the API tests use.
export { startTestIdp, type IdpUser, type TestIdp } from '../../apps/server/test/support/oidc-provider.ts';
