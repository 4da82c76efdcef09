import { createFileRoute } from '@tanstack/react-router';
import { statsQueryOptions, useStats } from '../../features/stats/api/get-stats.ts';
import { StatsSummary } from '../../features/stats/components/stats-summary.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { PageHeading } from '../-components/page-heading.tsx';

export const Route = createFileRoute('/_authenticated/stats')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(statsQueryOptions()),
  component: StatsPage,
});

function StatsPage() {
  useDocumentTitle('Stats');
  const stats = useStats();
  return (
    <div className="space-y-6">
      <PageHeading
        title="Stats"
        description="How much you have recorded, what is being transcribed and the storage you use."
      />
      <StatsSummary stats={stats} />
    </div>
  );
}
