import { TextLink } from '../../components/ui/text-link.tsx';

/** The router's fallback for unknown paths and missing records. */
export function NotFound() {
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-50">Not Found</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        There is nothing at this address. It may have been deleted, or the link may be mistyped.
      </p>
      <p className="mt-6">
        <TextLink to="/">Go to the home page</TextLink>
      </p>
    </div>
  );
}
