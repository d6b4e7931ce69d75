import type { CompanyConnections } from '@switchboard/shared/contracts/connections';
import { can } from '@switchboard/shared/permissions';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ColumnGroup } from 'primereact/columngroup';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Row } from 'primereact/row';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { buildViewer } from '../../../lib/viewer.ts';
import { useConnectionsOverview } from '../api/get-connections-overview.ts';
import { ConnectionsTargetProvider } from '../hooks/use-connections-target.tsx';
import { overviewTotals } from '../utils/overview-totals.ts';
import { ConnectionsManager, type ConnectionsDialogState } from './connections-page.tsx';
import './connections.css';

/** /allConnections (spec document 2 "All-connections overview"): the super user only; anyone else goes to /tickets. */
export function AllConnectionsPage() {
  const user = useCurrentUser();
  if (!can(buildViewer(user), 'super:area')) return <Navigate to="/tickets" replace />;
  return <Overview ownCompanyId={user.companyId} isAdmin={user.profile === 'admin'} />;
}

function Overview({ ownCompanyId, isAdmin }: { ownCompanyId: number; isAdmin: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle(t('connections.all.title'));
  const overview = useConnectionsOverview();
  const [open, setOpen] = useState<CompanyConnections | null>(null);
  const companies = overview.data ?? [];
  const totals = overviewTotals(companies);

  const count = (value: number, kind: 'connected' | 'disconnected' | 'total') => (
    <span className={`connections-count connections-count--${kind}`}>{value}</span>
  );
  const detailsCell = (c: CompanyConnections) => (
    <Button
      type="button"
      text
      rounded
      icon="pi pi-eye"
      aria-label={t('connections.all.open', { name: c.companyName })}
      tooltip={t('connections.all.open', { name: c.companyName })}
      tooltipOptions={{ position: 'top' }}
      onClick={() => setOpen(c)}
      data-testid={`all-connections-open-${c.companyId}`}
    />
  );

  const footer = (
    <ColumnGroup>
      <Row>
        <Column footer={t('connections.all.totals', { count: totals.companies })} />
        <Column
          footer={<span data-testid="all-connections-total-connected">{totals.connected}</span>}
          className="connections-table__center"
        />
        <Column
          footer={<span data-testid="all-connections-total-disconnected">{totals.disconnected}</span>}
          className="connections-table__center"
        />
        <Column footer={<span data-testid="all-connections-total">{totals.total}</span>} className="connections-table__center" />
        <Column footer={null} />
      </Row>
    </ColumnGroup>
  );

  return (
    <section className="page connections-page" data-testid="all-connections-page">
      <PageHeader title={t('connections.all.title')} subtitle={t('connections.all.subtitle')} />
      <div className="surface-panel connections-panel">
        <DataTable
          value={companies}
          dataKey="companyId"
          loading={overview.isPending}
          emptyMessage={overview.isError ? t('connections.loadFailed') : t('connections.all.empty')}
          footerColumnGroup={companies.length ? footer : undefined}
          className="connections-table all-connections-table"
          rowClassName={(c: CompanyConnections) => `all-connections-row-${c.companyId}`}
          data-testid="all-connections-table"
        >
          <Column
            header={t('connections.all.company')}
            body={(c: CompanyConnections) => <span className="connections-table__name">{c.companyName}</span>}
          />
          <Column
            header={t('connections.all.connected')}
            body={(c: CompanyConnections) => count(c.connected, 'connected')}
            className="connections-table__center"
            headerClassName="connections-table__center"
          />
          <Column
            header={t('connections.all.disconnected')}
            body={(c: CompanyConnections) => count(c.disconnected, 'disconnected')}
            className="connections-table__center"
            headerClassName="connections-table__center"
          />
          <Column
            header={t('connections.all.total')}
            body={(c: CompanyConnections) => count(c.total, 'total')}
            className="connections-table__center"
            headerClassName="connections-table__center"
          />
          <Column
            header={<span className="sr-only">{t('connections.columns.actions')}</span>}
            body={detailsCell}
            className="connections-table__actions-cell"
          />
        </DataTable>
      </div>
      <CompanyDialog company={open} own={open?.companyId === ownCompanyId} isAdmin={isAdmin} onHide={() => setOpen(null)} />
    </section>
  );
}

/**
 * One company's connections, the columns of the connections page, with the session buttons, edit and delete.
 * The super user's own company is the live page itself (those actions for an admin); another company's goes
 * through the super user's /whatsapp-admin/{companyId} routes, and only the super user reaches this page.
 */
function CompanyDialog({
  company,
  own,
  isAdmin,
  onHide,
}: {
  company: CompanyConnections | null;
  own: boolean;
  isAdmin: boolean;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<ConnectionsDialogState>({ kind: 'none' });
  return (
    <Dialog
      header={t('connections.all.dialogTitle', { name: company?.companyName ?? '' })}
      visible={Boolean(company)}
      onHide={onHide}
      style={{ width: '72rem' }}
      breakpoints={{ '1200px': '96vw' }}
      modal
      dismissableMask
      className="all-connections-dialog"
      data-testid="all-connections-dialog"
    >
      {company ? (
        <ConnectionsTargetProvider companyId={own ? undefined : company.companyId}>
          <ConnectionsManager
            companyId={company.companyId}
            canEdit={own ? isAdmin : true}
            dialog={dialog}
            onDialog={setDialog}
            testId="all-connections-company-table"
          />
        </ConnectionsTargetProvider>
      ) : null}
    </Dialog>
  );
}
