import { TextLink } from '../../components/ui/text-link.tsx';

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 py-6 text-sm text-slate-500 dark:border-slate-800 dark:text-slate-400">
      <nav aria-label="Legal" className="mx-auto flex max-w-5xl gap-4 px-4">
        <TextLink to="/terms">Terms</TextLink>
        <TextLink to="/privacy">Privacy</TextLink>
      </nav>
    </footer>
  );
}
