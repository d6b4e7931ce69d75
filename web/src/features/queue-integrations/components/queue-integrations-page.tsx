import type { QueueIntegration } from '@switchboard/shared/contracts/queue-integrations';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDeleteQueueIntegration } from '../api/delete-queue-integration.ts';
import { useQueueIntegrations } from '../api/get-queue-integrations.ts';
import { useQueueIntegrationsLiveUpdates } from '../hooks/use-queue-integrations-live-updates.ts';
import { integrationTypeIcon } from './integration-type-icon.tsx';
import { QueueIntegrationDialog } from './queue-integration-dialog.tsx';
import { QueueIntegrationsGate } from './queue-integrations-gate.tsx';
import './queue-integrations.css';

type DialogState = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; record: QueueIntegration };

/** /queue-integration (spec document 3 "Integrations"): type icon, id and name, with search, add, edit and delete. */
export function QueueIntegrationsPage() {
  return (
    <QueueIntegrationsGate>
      <QueueIntegrationsTable />
    </QueueIntegrationsGate>
  );
}

function QueueIntegrationsTable() {
  const { t } = useTranslation();
  const toast = useToast();
  useDocumentTitle(t('queueIntegrations.title'));
  useQueueIntegrationsLiveUpdates(useCurrentUser().companyId);
  const [searchParam, setSearchParam] = useState('');
  const list = useQueueIntegrations(searchParam);
  const remove = useDeleteQueueIntegration();
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const [deleting, setDeleting] = useState<QueueIntegration | null>(null);
  const records = list.data?.pages.flatMap((p) => p.queueIntegrations) ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(t('queueIntegrations.toasts.deleted')),
      onError: (error) => toast.error(error),
    });
  };

  const typeCell = (r: QueueIntegration) => (
    <span className="queue-integrations-table__type" title={t(`queueIntegrations.types.${r.type}`)}>
      <i className={integrationTypeIcon(r.type)} aria-hidden="true" />
      <span className="sr-only">{t(`queueIntegrations.types.${r.type}`)}</span>
    </span>
  );
  const actionsCell = (r: QueueIntegration) => (
    <span className="queue-integrations-table__actions">
      <Button
        type="button"
        icon="pi pi-pencil"
        text
        rounded
        aria-label={t('queueIntegrations.edit', { name: r.name })}
        onClick={() => setDialog({ kind: 'edit', record: r })}
        data-testid={`queue-integration-edit-${r.id}`}
      />
      <Button
        type="button"
        icon="pi pi-trash"
        text
        rounded
        severity="danger"
        aria-label={t('queueIntegrations.delete', { name: r.name })}
        onClick={() => setDeleting(r)}
        data-testid={`queue-integration-delete-${r.id}`}
      />
    </span>
  );

  return (
    <ListPage
      name="queue-integrations"
      title={t('queueIntegrations.title')}
      subtitle={t('queueIntegrations.subtitle')}
      actions={
        <Button
          type="button"
          icon="pi pi-plus"
          label={t('queueIntegrations.add')}
          onClick={() => setDialog({ kind: 'add' })}
          data-testid="queue-integrations-add"
        />
      }
      search={{ placeholder: t('queueIntegrations.searchPlaceholder'), onSearch: setSearchParam }}
      onNearEnd={() => {
        if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
      }}
      loadingMore={list.isFetchingNextPage ? t('queueIntegrations.loadingMore') : null}
      overlays={
        <>
          <QueueIntegrationDialog
            visible={dialog.kind !== 'none'}
            record={dialog.kind === 'edit' ? dialog.record : undefined}
            onHide={() => setDialog({ kind: 'none' })}
          />
          <DeleteDialog
            visible={Boolean(deleting)}
            onHide={() => setDeleting(null)}
            header={t('queueIntegrations.deleteDialog.header', { name: deleting?.name ?? '' })}
            message={t('queueIntegrations.deleteDialog.message')}
            confirmLabel={t('queueIntegrations.deleteDialog.confirm')}
            onConfirm={confirmDelete}
            testId="queue-integration-delete-dialog"
          />
        </>
      }
    >
      <DataTable
        value={records}
        dataKey="id"
        loading={list.isFetching && !list.isFetchingNextPage && records.length === 0}
        emptyMessage={list.isError ? t('queueIntegrations.loadFailed') : t('queueIntegrations.empty')}
        className="queue-integrations-table"
        data-testid="queue-integrations-table"
      >
        <Column header={t('queueIntegrations.columns.type')} body={typeCell} style={{ width: '5rem' }} />
        <Column header={t('queueIntegrations.columns.id')} field="id" style={{ width: '6rem' }} />
        <Column
          header={t('queueIntegrations.columns.name')}
          body={(r: QueueIntegration) => <span data-testid={`queue-integration-row-${r.id}`}>{r.name}</span>}
        />
        <Column
          header={<span className="sr-only">{t('queueIntegrations.columns.actions')}</span>}
          body={actionsCell}
          style={{ width: '7rem' }}
        />
      </DataTable>
    </ListPage>
  );
}
