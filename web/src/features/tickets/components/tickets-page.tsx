import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/**
 * /tickets and /tickets/{uuid}. The inbox itself arrives with its own feature; until then the page shows the
 * inbox's empty state. /tickets/undefined (a link built from a missing uuid) goes back to /tickets.
 */
export function TicketsPage() {
  const { t } = useTranslation();
  const { ticketUuid } = useParams();
  useDocumentTitle(t('tickets.title'));
  if (ticketUuid === 'undefined') return <Navigate to="/tickets" replace />;
  return (
    <section className="page" data-testid="tickets-page">
      <PageHeader title={t('tickets.title')} subtitle={t('tickets.subtitle')} />
      <div className="surface-panel surface-panel--fill">
        <EmptyState icon="pi pi-inbox" title={t('tickets.emptyTitle')} message={t('tickets.emptyMessage')} />
      </div>
    </section>
  );
}
