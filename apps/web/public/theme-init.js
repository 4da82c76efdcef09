/* global window, document */
// Runs before the app bundle so the first paint already uses the chosen theme.
// Keep the storage key and values in step with src/features/theme/hooks/use-theme.ts.
(function () {
  try {
    var stored = window.localStorage.getItem('voxpad-theme');
    var theme = stored === 'light' || stored === 'dark' ? stored : 'system';
    var dark =
      theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    // Storage can be blocked (private mode, policies): the app falls back to the system theme.
  }
})();
