import { configure } from '@testing-library/react';

/**
 * findBy… and waitFor wait up to 5 s instead of Testing Library's 1 s. The web tests run beside
 * the server suites and Chromium on two cores; at load 8 a queue that fetched two pages and
 * rendered twelve notes took longer than 1 s to show the last one (queue-player.test.tsx failed
 * in a fresh-clone run and passes alone). A test that waits for something that never comes
 * still fails, 4 s later.
 */
configure({ asyncUtilTimeout: 5000 });
