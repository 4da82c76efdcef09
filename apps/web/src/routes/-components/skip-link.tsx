export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only rounded-md bg-indigo-600 px-3 py-2 text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
    >
      Skip to content
    </a>
  );
}
