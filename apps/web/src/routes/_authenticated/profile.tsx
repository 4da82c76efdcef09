import { createFileRoute, redirect } from '@tanstack/react-router';

/** The profile now lives in the account area; old links and bookmarks land there. */
export const Route = createFileRoute('/_authenticated/profile')({
  beforeLoad: () => {
    throw redirect({ to: '/account', replace: true });
  },
});
