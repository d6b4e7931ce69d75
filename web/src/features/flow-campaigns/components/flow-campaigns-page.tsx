import type { FlowCampaign } from '@switchboard/shared/contracts/flow-campaigns';
import { can } from '@switchboard/shared/permissions';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { hiddenHeaderColumn, ListPage, PagedTable, RowActions } from '../../../components/list-page.tsx';
import { useDeleteConfirm, useRecordDialog } from '../../../components/list-page-state.ts';
import { PlanGate } from '../../../components/plan-gate.tsx';
import { useConnectionList } from '../../../lib/lookups.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { buildViewer } from '../../../lib/viewer.ts';
import { useDeleteFlowCampaign } from '../api/delete-flow-campaign.ts';
import { useFlowCampaigns } from '../api/get-flow-campaigns.ts';
import { FlowCampaignDialog } from './flow-campaign-dialog.tsx';
import './flow-campaigns.css';

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
  useDocumentTitle(t('flowCampaigns.title'));
  const [searchParam, setSearchParam] = useState('');
  const list = useFlowCampaigns(searchParam);
  const connections = useConnectionList();
  const dialog = useRecordDialog<FlowCampaign>();
  const deletion = useDeleteConfirm<FlowCampaign>(useDeleteFlowCampaign(), t('flowCampaigns.toasts.deleted'));
  const records = list.data?.pages.flatMap((p) => p.flow) ?? [];
  const connectionName = new Map((connections.data ?? []).map((c) => [c.id, c.name]));

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
      onEdit={() => dialog.edit(r)}
      onDelete={mayDelete ? () => deletion.ask(r) : undefined}
    />
  );

  return (
    <ListPage
      name="flow-campaigns"
      title={t('flowCampaigns.title')}
      subtitle={t('flowCampaigns.subtitle')}
      add={{ label: t('flowCampaigns.add'), onClick: dialog.add }}
      search={{ placeholder: t('flowCampaigns.searchPlaceholder'), onSearch: setSearchParam }}
      paging={{ query: list, loadingMore: t('flowCampaigns.loadingMore') }}
      overlays={
        <>
          <FlowCampaignDialog visible={dialog.visible} record={dialog.record} onHide={dialog.hide} />
          <DeleteDialog
            {...deletion.dialog}
            header={t('flowCampaigns.deleteDialog.header', { name: deletion.target?.name ?? '' })}
            message={t('flowCampaigns.deleteDialog.message')}
            confirmLabel={t('flowCampaigns.deleteDialog.confirm')}
            testId="flow-campaign-delete-dialog"
          />
        </>
      }
    >
      <PagedTable name="flow-campaigns" texts="flowCampaigns" records={records} query={list}>
        <Column
          header={t('flowCampaigns.columns.name')}
          body={(r: FlowCampaign) => <span data-testid={`flow-campaign-row-${r.id}`}>{r.name}</span>}
        />
        <Column header={t('flowCampaigns.columns.flow')} body={flowCell} />
        <Column header={t('flowCampaigns.columns.phrases')} body={phrasesCell} />
        <Column header={t('flowCampaigns.columns.connections')} body={connectionsCell} />
        <Column header={t('flowCampaigns.columns.status')} body={statusCell} style={{ width: '8rem' }} />
        {hiddenHeaderColumn(t('flowCampaigns.columns.actions'), actionsCell)}
      </PagedTable>
    </ListPage>
  );
}
