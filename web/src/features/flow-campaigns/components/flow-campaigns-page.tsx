import type { FlowCampaign } from '@switchboard/shared/contracts/flow-campaigns';
import { can } from '@switchboard/shared/permissions';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { ListPage, RowActions } from '../../../components/list-page.tsx';
import { PlanGate } from '../../../components/plan-gate.tsx';
import { useConnectionList } from '../../../lib/lookups.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { buildViewer } from '../../../lib/viewer.ts';
import { useDeleteFlowCampaign } from '../api/delete-flow-campaign.ts';
import { useFlowCampaigns } from '../api/get-flow-campaigns.ts';
import { FlowCampaignDialog } from './flow-campaign-dialog.tsx';
import './flow-campaigns.css';

type DialogState = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; record: FlowCampaign };

/**
 * /phrase-lists (spec document 3 "Phrase campaigns"): an admin page of a plan with integrations, as the flows are.
 * A profile user sees the no-access view; a plan without integrations gets the gate's toast and goes to /.
 */
export function FlowCampaignsPage() {
  const { t } = useTranslation();
  const viewer = buildViewer(useCurrentUser());
  return (
    <PlanGate flag="useIntegrations" message={t('flowCampaigns.planRequired')} allowed={can(viewer, 'admin:area')}>
      <FlowCampaignsTable mayDelete={can(viewer, 'contacts-page:deleteContact')} />
    </PlanGate>
  );
}

function FlowCampaignsTable({ mayDelete }: { mayDelete: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  useDocumentTitle(t('flowCampaigns.title'));
  const [searchParam, setSearchParam] = useState('');
  const list = useFlowCampaigns(searchParam);
  const connections = useConnectionList();
  const remove = useDeleteFlowCampaign();
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const [deleting, setDeleting] = useState<FlowCampaign | null>(null);
  const records = list.data?.pages.flatMap((p) => p.flow) ?? [];
  const connectionName = new Map((connections.data ?? []).map((c) => [c.id, c.name]));

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(t('flowCampaigns.toasts.deleted')),
      onError: (error) => toast.error(error),
    });
  };

  const statusCell = (r: FlowCampaign) => (
    <Tag
      severity={r.status ? 'success' : 'secondary'}
      value={r.status ? t('flowCampaigns.active') : t('flowCampaigns.inactive')}
    />
  );
  const flowCell = (r: FlowCampaign) =>
    r.flowName ?? <span className="flow-campaigns-table__missing">{t('flowCampaigns.noFlow')}</span>;
  const phrasesCell = (r: FlowCampaign) => (
    <span className="flow-campaigns-table__phrases">
      {r.phrases.map((p, i) => (
        <span
          key={i}
          className={`flow-campaigns-table__phrase flow-campaigns-table__phrase--${p.type}`}
          title={t(`flowCampaigns.dialog.${p.type}`)}
        >
          {p.type === 'partial' ? `…${p.text}…` : p.text}
        </span>
      ))}
    </span>
  );
  const connectionsCell = (r: FlowCampaign) =>
    r.allConnections
      ? t('flowCampaigns.allConnections')
      : r.whatsappIds.length > 2
        ? t('flowCampaigns.connectionCount', { count: r.whatsappIds.length })
        : r.whatsappIds.map((id) => connectionName.get(id) ?? `#${id}`).join(', ');
  const actionsCell = (r: FlowCampaign) => (
    <RowActions
      testId={{ kind: 'flow-campaign', id: r.id }}
      editLabel={t('flowCampaigns.edit', { name: r.name })}
      deleteLabel={mayDelete ? t('flowCampaigns.delete', { name: r.name }) : undefined}
      onEdit={() => setDialog({ kind: 'edit', record: r })}
      onDelete={mayDelete ? () => setDeleting(r) : undefined}
    />
  );

  return (
    <ListPage
      name="flow-campaigns"
      title={t('flowCampaigns.title')}
      subtitle={t('flowCampaigns.subtitle')}
      actions={
        <Button
          type="button"
          icon="pi pi-plus"
          label={t('flowCampaigns.add')}
          onClick={() => setDialog({ kind: 'add' })}
          data-testid="flow-campaigns-add"
        />
      }
      search={{ placeholder: t('flowCampaigns.searchPlaceholder'), onSearch: setSearchParam }}
      onNearEnd={() => {
        if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
      }}
      loadingMore={list.isFetchingNextPage ? t('flowCampaigns.loadingMore') : null}
      overlays={
        <>
          <FlowCampaignDialog
            visible={dialog.kind !== 'none'}
            record={dialog.kind === 'edit' ? dialog.record : undefined}
            onHide={() => setDialog({ kind: 'none' })}
          />
          <DeleteDialog
            visible={Boolean(deleting)}
            onHide={() => setDeleting(null)}
            header={t('flowCampaigns.deleteDialog.header', { name: deleting?.name ?? '' })}
            message={t('flowCampaigns.deleteDialog.message')}
            confirmLabel={t('flowCampaigns.deleteDialog.confirm')}
            onConfirm={confirmDelete}
            testId="flow-campaign-delete-dialog"
          />
        </>
      }
    >
      <DataTable
        value={records}
        dataKey="id"
        loading={list.isFetching && !list.isFetchingNextPage && records.length === 0}
        emptyMessage={list.isError ? t('flowCampaigns.loadFailed') : t('flowCampaigns.empty')}
        className="flow-campaigns-table"
        data-testid="flow-campaigns-table"
      >
        <Column
          header={t('flowCampaigns.columns.name')}
          body={(r: FlowCampaign) => <span data-testid={`flow-campaign-row-${r.id}`}>{r.name}</span>}
        />
        <Column header={t('flowCampaigns.columns.flow')} body={flowCell} />
        <Column header={t('flowCampaigns.columns.phrases')} body={phrasesCell} />
        <Column header={t('flowCampaigns.columns.connections')} body={connectionsCell} />
        <Column header={t('flowCampaigns.columns.status')} body={statusCell} style={{ width: '8rem' }} />
        <Column
          header={<span className="sr-only">{t('flowCampaigns.columns.actions')}</span>}
          body={actionsCell}
          style={{ width: '7rem' }}
        />
      </DataTable>
    </ListPage>
  );
}
