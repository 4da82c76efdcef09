// The e2e tests read mail through the same loopback SMTP server the API tests use.
export {
  Mailbox,
  verificationKeyIn,
  resetKeyIn,
  loginCodeIn,
} from '../../apps/server/test/support/mailbox.ts';
