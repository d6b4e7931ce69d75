import { FILE_LIST_DEFAULT_PAGE_SIZE, FILE_LIST_PAGE_SIZES, type FileList } from '@switchboard/shared/contracts/files';
import { can } from '@switchboard/shared/permissions';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { ForbiddenPage } from '../../../components/forbidden-page.tsx';
import { hiddenHeaderColumn, ListPage, PagedTable, RowActions } from '../../../components/list-page.tsx';
import { useDeleteConfirm, useRecordDialog, useTablePager } from '../../../components/list-page-state.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { buildViewer } from '../../../lib/viewer.ts';
import { useDeleteFileList } from '../api/delete-file-list.ts';
import { useFileLists } from '../api/get-file-lists.ts';
import { useFileListsLiveUpdates } from '../hooks/use-file-lists-live-updates.ts';
import { FileListDialog } from './file-list-dialog.tsx';
import './files.css';

/** /files: the company's file lists, which queues and chatbot options send (admins only). */
export function FilesPage() {
  const user = useCurrentUser();
  if (!can(buildViewer(user), 'admin:area')) return <ForbiddenPage />;
  return <FileListsTable companyId={user.companyId} />;
}

function FileListsTable({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  useDocumentTitle(t('files.title'));
  useFileListsLiveUpdates(companyId);
  const [searchParam, setSearchParam] = useState('');
  const list = useFileLists(searchParam);
  const dialog = useRecordDialog<FileList>();
  const deletion = useDeleteConfirm<FileList>(useDeleteFileList(), t('files.toasts.deleted'));
  const records = list.data?.pages.flatMap((p) => p.files) ?? [];
  const pager = useTablePager(searchParam, FILE_LIST_DEFAULT_PAGE_SIZE, FILE_LIST_PAGE_SIZES, list, records.length);

  const actionsCell = (r: FileList) => (
    <RowActions
      testId={{ kind: 'file-list', id: r.id }}
      editLabel={t('files.edit', { name: r.name })}
      onEdit={() => dialog.edit(r)}
      deleteLabel={t('files.delete', { name: r.name })}
      onDelete={() => deletion.ask(r)}
    />
  );

  return (
    <ListPage
      name="files"
      title={t('files.title')}
      subtitle={t('files.subtitle')}
      add={{ label: t('files.add'), onClick: dialog.add }}
      search={{ placeholder: t('files.searchPlaceholder'), onSearch: setSearchParam }}
      overlays={
        <>
          <FileListDialog visible={dialog.visible} record={dialog.record} onHide={dialog.hide} />
          <DeleteDialog
            {...deletion.dialog}
            header={t('files.deleteDialog.header')}
            message={t('files.deleteDialog.message', { name: deletion.target?.name ?? '' })}
            confirmLabel={t('files.deleteDialog.confirm')}
            testId="file-list-delete-dialog"
          />
        </>
      }
    >
      <PagedTable name="files" texts="files" records={records} query={list} pager={pager}>
        <Column field="name" header={t('files.columns.name')} />
        <Column header={t('files.columns.files')} body={(r: FileList) => r.options.length} style={{ width: '8rem' }} />
        {hiddenHeaderColumn(t('files.columns.actions'), actionsCell)}
      </PagedTable>
    </ListPage>
  );
}
