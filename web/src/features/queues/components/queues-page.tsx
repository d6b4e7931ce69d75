import { type Queue, QUEUE_DEFAULT_PAGE_SIZE, QUEUE_PAGE_SIZES } from '@switchboard/shared/contracts/queues';
import { can } from '@switchboard/shared/permissions';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { ForbiddenPage } from '../../../components/forbidden-page.tsx';
import { hiddenHeaderColumn, ListPage, RowActions } from '../../../components/list-page.tsx';
import { useDeleteConfirm, useTablePager } from '../../../components/list-page-state.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { buildViewer } from '../../../lib/viewer.ts';
import { useDeleteQueue } from '../api/delete-queue.ts';
import { useQueues } from '../api/get-queues.ts';
import { useQueuesLiveUpdates } from '../hooks/use-queues-live-updates.ts';
import { QueueDialog } from './queue-dialog.tsx';
import './queues.css';

type DialogState = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; id: number };

/** /queues (spec document 2 "Queues page"): admins only; a profile user sees the no-access view. */
export function QueuesPage() {
  const user = useCurrentUser();
  if (!can(buildViewer(user), 'admin:area')) return <ForbiddenPage />;
  return <QueuesList companyId={user.companyId} showHours={user.company.settings?.scheduleType === 'queue'} />;
}

function QueuesList({ companyId, showHours }: { companyId: number; showHours: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle(t('queues.title'));
  useQueuesLiveUpdates(companyId);
  const list = useQueues();
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const deletion = useDeleteConfirm<Queue>(useDeleteQueue(), t('queues.toasts.deleted'));
  const queues = list.data ?? [];
  const pager = useTablePager('', QUEUE_DEFAULT_PAGE_SIZE, QUEUE_PAGE_SIZES, null, queues.length);

  const colorCell = (q: Queue) => (
    <span className="queues-table__color">
      <span className="queues-table__swatch" style={{ backgroundColor: q.color }} aria-hidden="true" />
      {q.color}
    </span>
  );
  const actionsCell = (q: Queue) => (
    <RowActions
      testId={{ kind: 'queue', id: q.id }}
      editLabel={t('queues.edit', { name: q.name })}
      onEdit={() => setDialog({ kind: 'edit', id: q.id })}
      deleteLabel={t('queues.delete', { name: q.name })}
      onDelete={() => deletion.ask(q)}
    />
  );

  return (
    <ListPage
      name="queues"
      title={t('queues.title')}
      subtitle={t('queues.subtitle')}
      add={{ label: t('queues.add'), onClick: () => setDialog({ kind: 'add' }) }}
      overlays={
        <>
          <QueueDialog
            visible={dialog.kind !== 'none'}
            queueId={dialog.kind === 'edit' ? dialog.id : undefined}
            queues={queues}
            showHours={showHours}
            onHide={() => setDialog({ kind: 'none' })}
          />
          <DeleteDialog
            {...deletion.dialog}
            header={t('queues.deleteDialog.header')}
            message={t('queues.deleteDialog.message', { name: deletion.target?.name ?? '' })}
            confirmLabel={t('queues.deleteDialog.confirm')}
            testId="queue-delete-dialog"
          />
        </>
      }
    >
      <DataTable
        value={queues}
        dataKey="id"
        loading={list.isFetching && !list.data}
        {...pager}
        emptyMessage={list.isError ? t('queues.loadFailed') : t('queues.empty')}
        className="queues-table"
        data-testid="queues-table"
      >
        <Column field="id" header={t('queues.columns.id')} style={{ width: '5rem' }} />
        <Column field="name" header={t('queues.columns.name')} />
        <Column header={t('queues.columns.color')} body={colorCell} />
        <Column field="orderQueue" header={t('queues.columns.order')} style={{ width: '7rem' }} />
        <Column
          header={t('queues.columns.greeting')}
          body={(q: Queue) => <span className="queues-table__greeting">{q.greetingMessage}</span>}
        />
        {hiddenHeaderColumn(t('queues.columns.actions'), actionsCell)}
      </DataTable>
    </ListPage>
  );
}
