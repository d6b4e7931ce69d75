import type { Campaign } from '@switchboard/shared/contracts/campaigns';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { hiddenHeaderColumn, ListPage, RowActionLink, RowActionButton, RowActions } from '../../../components/list-page.tsx';
import { useDeleteConfirm } from '../../../components/list-page-state.ts';
import { systemClock, type Clock } from '../../../lib/clock.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCancelCampaign } from '../api/cancel-campaign.ts';
import { useDeleteCampaign } from '../api/delete-campaign.ts';
import { useCampaigns } from '../api/get-campaigns.ts';
import { useRestartCampaign } from '../api/restart-campaign.ts';
import { useCampaignsLiveUpdates } from '../hooks/use-campaigns-live-updates.ts';
import { editModeOf } from '../utils/campaign-form.ts';
import { CampaignDialog } from './campaign-dialog.tsx';
import { CampaignStatusTag, DateTime } from './campaign-status-tag.tsx';
import { CampaignsGate } from './campaigns-gate.tsx';
import './campaigns.css';

type DialogState = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; id: number };

/** /campaigns (spec document 3 "Campaigns list"): the company's campaigns, with their actions. */
export function CampaignsPage({ clock = systemClock }: { clock?: Clock }) {
  return (
    <CampaignsGate>
      <CampaignsTable clock={clock} />
    </CampaignsGate>
  );
}

function CampaignsTable({ clock }: { clock: Clock }) {
  const { t } = useTranslation();
  const toast = useToast();
  const user = useCurrentUser();
  useDocumentTitle(t('campaigns.title'));
  useCampaignsLiveUpdates(user.companyId);
  const [searchParam, setSearchParam] = useState('');
  const list = useCampaigns(searchParam);
  const cancel = useCancelCampaign();
  const restart = useRestartCampaign();
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const deletion = useDeleteConfirm<Campaign>(useDeleteCampaign(), t('campaigns.toasts.deleted'));
  const records = list.data?.pages.flatMap((p) => p.records) ?? [];
  const busy = cancel.isPending || restart.isPending;

  const onCancel = (r: Campaign) =>
    cancel.mutate(r.id, {
      onSuccess: () => toast.success(t('campaigns.toasts.cancelled')),
      onError: (error) => toast.error(error),
    });
  const onRestart = (r: Campaign) =>
    restart.mutate(r.id, {
      onSuccess: () => toast.success(t('campaigns.toasts.restarted')),
      onError: (error) => toast.error(error),
    });

  const actionsCell = (r: Campaign) => {
    const readOnly = editModeOf(r, clock.now()) === 'none';
    return (
      <div className="campaigns-table__actions">
        {r.status === 'EM_ANDAMENTO' || r.status === 'PROGRAMADA' ? (
          <RowActionButton
            icon="pi pi-stop-circle"
            severity="warning"
            disabled={busy}
            label={t('campaigns.actions.cancel', { name: r.name })}
            onClick={() => onCancel(r)}
            testId={`campaign-cancel-${r.id}`}
          />
        ) : null}
        {r.status === 'CANCELADA' ? (
          <RowActionButton
            icon="pi pi-replay"
            severity="success"
            disabled={busy}
            label={t('campaigns.actions.restart', { name: r.name })}
            onClick={() => onRestart(r)}
            testId={`campaign-restart-${r.id}`}
          />
        ) : null}
        <RowActionLink
          to={`/campaign/${r.id}/report`}
          icon="pi pi-chart-bar"
          label={t('campaigns.actions.report', { name: r.name })}
          testId={`campaign-report-${r.id}`}
        />
        {readOnly ? (
          <RowActionButton
            icon="pi pi-eye"
            label={t('campaigns.actions.view', { name: r.name })}
            onClick={() => setDialog({ kind: 'edit', id: r.id })}
            testId={`campaign-view-${r.id}`}
          />
        ) : null}
        <RowActions
          testId={{ kind: 'campaign', id: r.id }}
          editLabel={readOnly ? undefined : t('campaigns.actions.edit', { name: r.name })}
          onEdit={readOnly ? undefined : () => setDialog({ kind: 'edit', id: r.id })}
          // a running campaign is cancelled first (the server refuses to delete it)
          deleteLabel={r.status === 'EM_ANDAMENTO' ? undefined : t('campaigns.actions.delete', { name: r.name })}
          onDelete={r.status === 'EM_ANDAMENTO' ? undefined : () => deletion.ask(r)}
        />
      </div>
    );
  };

  const recipientsCell = (r: Campaign) =>
    r.contactList ? (
      <span>{r.contactList.name}</span>
    ) : r.tagList ? (
      <span className="campaigns-table__tag">
        <i className="pi pi-tag" aria-hidden="true" /> {r.tagList.name}
      </span>
    ) : (
      <span aria-hidden="true">—</span>
    );

  return (
    <ListPage
      name="campaigns"
      title={t('campaigns.title')}
      subtitle={t('campaigns.subtitle')}
      add={{ label: t('campaigns.add'), onClick: () => setDialog({ kind: 'add' }) }}
      search={{ placeholder: t('campaigns.searchPlaceholder'), onSearch: setSearchParam }}
      paging={{ query: list, loadingMore: t('campaigns.loadingMore') }}
      overlays={
        <>
          <CampaignDialog
            visible={dialog.kind !== 'none'}
            campaignId={dialog.kind === 'edit' ? dialog.id : undefined}
            clock={clock}
            onHide={() => setDialog({ kind: 'none' })}
          />
          <DeleteDialog
            {...deletion.dialog}
            header={t('campaigns.deleteDialog.header', { name: deletion.target?.name ?? '' })}
            message={t('campaigns.deleteDialog.message')}
            confirmLabel={t('campaigns.deleteDialog.confirm')}
            testId="campaign-delete-dialog"
          />
        </>
      }
    >
      <DataTable
        value={records}
        dataKey="id"
        loading={list.isFetching && !list.isFetchingNextPage && records.length === 0}
        emptyMessage={list.isError ? t('campaigns.loadFailed') : t('campaigns.empty')}
        className="campaigns-table"
        data-testid="campaigns-table"
        rowClassName={(r: Campaign) => `campaign-row-${r.id}`}
      >
        <Column
          header={t('campaigns.columns.name')}
          body={(r: Campaign) => <span className="campaigns-table__name">{r.name}</span>}
        />
        <Column
          header={t('campaigns.columns.status')}
          body={(r: Campaign) => <CampaignStatusTag status={r.status} testId={`campaign-status-${r.id}`} />}
        />
        <Column header={t('campaigns.columns.contactList')} body={recipientsCell} />
        <Column header={t('campaigns.columns.whatsapp')} body={(r: Campaign) => r.whatsapp?.name ?? '—'} />
        <Column header={t('campaigns.columns.scheduledAt')} body={(r: Campaign) => <DateTime iso={r.scheduledAt} />} />
        <Column header={t('campaigns.columns.completedAt')} body={(r: Campaign) => <DateTime iso={r.completedAt} />} />
        <Column
          header={t('campaigns.columns.confirmation')}
          body={(r: Campaign) => (r.confirmation ? t('campaigns.yes') : t('campaigns.no'))}
        />
        {hiddenHeaderColumn(t('campaigns.columns.actions'), actionsCell, '13rem')}
      </DataTable>
    </ListPage>
  );
}
