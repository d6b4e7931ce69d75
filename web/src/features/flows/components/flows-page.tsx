import type { Flow } from '@switchboard/shared/contracts/flows';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Menu } from 'primereact/menu';
import { Tag } from 'primereact/tag';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { useDeleteConfirm, useRecordDialog } from '../../../components/list-page-state.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDeleteFlow } from '../api/delete-flow.ts';
import { useDuplicateFlow } from '../api/duplicate-flow.ts';
import { useFlows } from '../api/get-flows.ts';
import { FlowDialog } from './flow-dialog.tsx';
import { FlowsGate } from './flows-gate.tsx';
import './flows.css';

/** /flowbuilders (spec document 3 "Flow list"): the company's flows; a row opens its editor. */
export function FlowsPage() {
  return (
    <FlowsGate>
      <FlowsTable />
    </FlowsGate>
  );
}

function FlowsTable() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  useDocumentTitle(t('flows.title'));
  const [searchParam, setSearchParam] = useState('');
  const list = useFlows(searchParam);
  const duplicate = useDuplicateFlow();
  const dialog = useRecordDialog<Flow>();
  const deletion = useDeleteConfirm<Flow>(useDeleteFlow(), t('flows.toasts.deleted'));
  const [duplicating, setDuplicating] = useState<Flow | null>(null);
  const menu = useRef<Menu>(null);
  const [menuFor, setMenuFor] = useState<Flow | null>(null);
  const records = list.data?.pages.flatMap((p) => p.flows) ?? [];

  const confirmDuplicate = () => {
    if (!duplicating) return;
    duplicate.mutate(duplicating.id, {
      onSuccess: () => toast.success(t('flows.toasts.duplicated')),
      onError: (error) => toast.error(error),
    });
  };

  const menuItems = menuFor
    ? [
        {
          label: t('flows.menu.editName'),
          icon: 'pi pi-pencil',
          command: () => dialog.edit(menuFor),
          data: { testid: 'flow-menu-edit-name' },
        },
        { label: t('flows.menu.editFlow'), icon: 'pi pi-share-alt', command: () => void navigate(`/flowbuilder/${menuFor.id}`) },
        { label: t('flows.menu.duplicate'), icon: 'pi pi-copy', command: () => setDuplicating(menuFor) },
        { label: t('flows.menu.delete'), icon: 'pi pi-trash', command: () => deletion.ask(menuFor) },
      ]
    : [];

  const actionsCell = (r: Flow) => (
    <Button
      type="button"
      icon="pi pi-ellipsis-v"
      text
      rounded
      aria-label={t('flows.rowMenu', { name: r.name })}
      aria-haspopup
      data-testid={`flow-menu-${r.id}`}
      onClick={(e) => {
        e.stopPropagation();
        setMenuFor(r);
        menu.current?.toggle(e);
      }}
    />
  );

  const statusCell = (r: Flow) => (
    <Tag severity={r.active ? 'success' : 'secondary'} value={r.active ? t('flows.active') : t('flows.inactive')} />
  );

  return (
    <ListPage
      name="flows"
      title={t('flows.title')}
      subtitle={t('flows.subtitle')}
      add={{ label: t('flows.add'), onClick: dialog.add }}
      search={{ placeholder: t('flows.searchPlaceholder'), onSearch: setSearchParam }}
      paging={{ query: list, loadingMore: t('flows.loadingMore') }}
      overlays={
        <>
          <Menu model={menuItems} popup ref={menu} id="flow-row-menu" data-testid="flow-row-menu" />
          <FlowDialog visible={dialog.visible} record={dialog.record} onHide={dialog.hide} />
          <DeleteDialog
            {...deletion.dialog}
            header={t('flows.deleteDialog.header', { name: deletion.target?.name ?? '' })}
            message={t('flows.deleteDialog.message')}
            confirmLabel={t('flows.deleteDialog.confirm')}
            testId="flow-delete-dialog"
          />
          <ConfirmDialog
            visible={Boolean(duplicating)}
            onHide={() => setDuplicating(null)}
            header={t('flows.duplicateDialog.header', { name: duplicating?.name ?? '' })}
            message={t('flows.duplicateDialog.message')}
            icon="pi pi-copy"
            acceptLabel={t('flows.duplicateDialog.confirm')}
            rejectLabel={t('flows.node.cancel')}
            accept={confirmDuplicate}
            data-testid="flow-duplicate-dialog"
          />
        </>
      }
    >
      <DataTable
        value={records}
        dataKey="id"
        loading={list.isFetching && !list.isFetchingNextPage && records.length === 0}
        emptyMessage={list.isError ? t('flows.loadFailed') : t('flows.empty')}
        className="flows-table"
        rowClassName={() => 'flows-table__row'}
        onRowClick={(e) => void navigate(`/flowbuilder/${(e.data as Flow).id}`)}
        data-testid="flows-table"
      >
        <Column header={t('flows.columns.name')} body={(r: Flow) => <span data-testid={`flow-row-${r.id}`}>{r.name}</span>} />
        <Column header={t('flows.columns.status')} body={statusCell} style={{ width: '9rem' }} />
        <Column
          header={<span className="sr-only">{t('flows.columns.actions')}</span>}
          body={actionsCell}
          style={{ width: '4rem' }}
        />
      </DataTable>
    </ListPage>
  );
}
