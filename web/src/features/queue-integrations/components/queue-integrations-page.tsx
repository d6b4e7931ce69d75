import type { QueueIntegration } from '@switchboard/shared/contracts/queue-integrations';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { hiddenHeaderColumn, ListPage, PagedTable, RowActions } from '../../../components/list-page.tsx';
import { useDeleteConfirm, useRecordDialog } from '../../../components/list-page-state.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDeleteQueueIntegration } from '../api/delete-queue-integration.ts';
import { useQueueIntegrations } from '../api/get-queue-integrations.ts';
import { useQueueIntegrationsLiveUpdates } from '../hooks/use-queue-integrations-live-updates.ts';
import { integrationTypeIcon } from './integration-type-icon.tsx';
import { QueueIntegrationDialog } from './queue-integration-dialog.tsx';
import { QueueIntegrationsGate } from './queue-integrations-gate.tsx';
import './queue-integrations.css';

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
  useDocumentTitle(t('queueIntegrations.title'));
  useQueueIntegrationsLiveUpdates(useCurrentUser().companyId);
  const [searchParam, setSearchParam] = useState('');
  const list = useQueueIntegrations(searchParam);
  const dialog = useRecordDialog<QueueIntegration>();
  const deletion = useDeleteConfirm<QueueIntegration>(useDeleteQueueIntegration(), t('queueIntegrations.toasts.deleted'));
  const records = list.data?.pages.flatMap((p) => p.queueIntegrations) ?? [];

  const typeCell = (r: QueueIntegration) => (
    <span className="queue-integrations-table__type" title={t(`queueIntegrations.types.${r.type}`)}>
      <i className={integrationTypeIcon(r.type)} aria-hidden="true" />
      <span className="sr-only">{t(`queueIntegrations.types.${r.type}`)}</span>
    </span>
  );
  const actionsCell = (r: QueueIntegration) => (
    <RowActions
      testId={{ kind: 'queue-integration', id: r.id }}
      editLabel={t('queueIntegrations.edit', { name: r.name })}
      deleteLabel={t('queueIntegrations.delete', { name: r.name })}
      onEdit={() => dialog.edit(r)}
      onDelete={() => deletion.ask(r)}
    />
  );

  return (
    <ListPage
      name="queue-integrations"
      title={t('queueIntegrations.title')}
      subtitle={t('queueIntegrations.subtitle')}
      add={{ label: t('queueIntegrations.add'), onClick: dialog.add }}
      search={{ placeholder: t('queueIntegrations.searchPlaceholder'), onSearch: setSearchParam }}
      paging={{ query: list, loadingMore: t('queueIntegrations.loadingMore') }}
      overlays={
        <>
          <QueueIntegrationDialog visible={dialog.visible} record={dialog.record} onHide={dialog.hide} />
          <DeleteDialog
            {...deletion.dialog}
            header={t('queueIntegrations.deleteDialog.header', { name: deletion.target?.name ?? '' })}
            message={t('queueIntegrations.deleteDialog.message')}
            confirmLabel={t('queueIntegrations.deleteDialog.confirm')}
            testId="queue-integration-delete-dialog"
          />
        </>
      }
    >
      <PagedTable name="queue-integrations" texts="queueIntegrations" records={records} query={list}>
        <Column header={t('queueIntegrations.columns.type')} body={typeCell} style={{ width: '5rem' }} />
        <Column header={t('queueIntegrations.columns.id')} field="id" style={{ width: '6rem' }} />
        <Column
          header={t('queueIntegrations.columns.name')}
          body={(r: QueueIntegration) => <span data-testid={`queue-integration-row-${r.id}`}>{r.name}</span>}
        />
        {hiddenHeaderColumn(t('queueIntegrations.columns.actions'), actionsCell)}
      </PagedTable>
    </ListPage>
  );
}
