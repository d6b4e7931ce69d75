import type { KanbanLane } from '@switchboard/shared/contracts/tags';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ListPage, RowActionButton } from '../../../components/list-page.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useKanbanLanes } from '../api/get-kanban-lanes.ts';
import { useTagsLiveUpdates } from '../hooks/use-tags-live-updates.ts';
import { TagChip } from './tag-chip.tsx';
import { TagDeleteDialog } from './tag-delete-dialog.tsx';
import { TagDialog } from './tag-dialog.tsx';
import './tags.css';

type DialogState = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; id: number };

/** /TagsKanban (spec document 2): the kanban lanes with their ticket counts; search, add, edit, delete, back to the board. */
export function TagsKanbanPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useDocumentTitle(t('tags.lanes.title'));
  useTagsLiveUpdates(user.companyId);
  const lanes = useKanbanLanes();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const [deleting, setDeleting] = useState<KanbanLane | null>(null);

  const text = search.trim().toLowerCase();
  const shown = (lanes.data?.lista ?? []).filter((l) => !text || l.name.toLowerCase().includes(text));

  const actionsCell = (lane: KanbanLane) => (
    <div className="tags-table__actions">
      <RowActionButton
        icon="pi pi-pencil"
        label={t('tags.edit', { name: lane.name })}
        onClick={() => setDialog({ kind: 'edit', id: lane.id })}
        testId={`lane-edit-${lane.id}`}
      />
      <RowActionButton
        icon="pi pi-trash"
        severity="danger"
        label={t('tags.delete', { name: lane.name })}
        onClick={() => setDeleting(lane)}
        testId={`lane-delete-${lane.id}`}
      />
    </div>
  );

  return (
    <ListPage
      name="tags-kanban"
      title={t('tags.lanes.title')}
      actions={
        <Link to="/Kanban" className="p-button p-button-text tags-kanban-back" data-testid="tags-kanban-back">
          <i className="pi pi-arrow-left" aria-hidden="true" />
          <span>{t('tags.lanes.back')}</span>
        </Link>
      }
      add={{ label: t('tags.lanes.add'), onClick: () => setDialog({ kind: 'add' }) }}
      search={{ placeholder: t('tags.lanes.searchPlaceholder'), onSearch: setSearch, immediate: true }}
      overlays={
        <>
          <TagDialog
            visible={dialog.kind !== 'none'}
            tagId={dialog.kind === 'edit' ? dialog.id : undefined}
            kanban
            onHide={() => setDialog({ kind: 'none' })}
          />
          <TagDeleteDialog tag={deleting} onHide={() => setDeleting(null)} testId="lane-delete-dialog" />
        </>
      }
    >
      <DataTable
        value={shown}
        dataKey="id"
        loading={lanes.isFetching && !lanes.data}
        emptyMessage={lanes.isError ? t('tags.loadFailed') : t('tags.lanes.empty')}
        className="tags-table"
        data-testid="tags-kanban-table"
      >
        <Column header={t('tags.columns.name')} body={(lane: KanbanLane) => <TagChip name={lane.name} color={lane.color} />} />
        <Column
          header={t('tags.lanes.tickets')}
          body={(lane: KanbanLane) => <span data-testid={`lane-count-${lane.id}`}>{lane.ticketCount}</span>}
          style={{ width: '9rem' }}
        />
        <Column
          header={<span className="sr-only">{t('tags.columns.actions')}</span>}
          body={actionsCell}
          style={{ width: '7rem' }}
        />
      </DataTable>
    </ListPage>
  );
}
