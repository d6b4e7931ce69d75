import { TAG_DEFAULT_PAGE_SIZE, TAG_PAGE_SIZES, type Tag } from '@switchboard/shared/contracts/tags';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, RowActionButton } from '../../../components/list-page.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useTags } from '../api/get-tags.ts';
import { useTagsLiveUpdates } from '../hooks/use-tags-live-updates.ts';
import { TagChip } from './tag-chip.tsx';
import { TagContactsDialog } from './tag-contacts-dialog.tsx';
import { TagDeleteDialog } from './tag-delete-dialog.tsx';
import { TagDialog } from './tag-dialog.tsx';
import './tags.css';

type DialogState = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; id: number };

/** /tags (spec document 2 "Tags and kanban lanes"): every signed-in user; search, add, edit, delete, contacts of a tag. */
export function TagsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useDocumentTitle(t('tags.title'));
  useTagsLiveUpdates(user.companyId);

  const [searchParam, setSearchParam] = useState('');
  const list = useTags(searchParam);
  const [rows, setRows] = useState<number>(TAG_DEFAULT_PAGE_SIZE);
  const [first, setFirst] = useState(0);
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const [contactsOf, setContactsOf] = useState<Tag | null>(null);

  // a new search starts again on the first page
  const [pagedSearch, setPagedSearch] = useState(searchParam);
  if (pagedSearch !== searchParam) {
    setPagedSearch(searchParam);
    setFirst(0);
  }

  const tags = list.data?.pages.flatMap((p) => p.tags) ?? [];
  const loadMore = () => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  };

  const actionsCell = (tag: Tag) => (
    <div className="tags-table__actions">
      <RowActionButton
        icon="pi pi-users"
        label={t('tags.contacts', { name: tag.name })}
        onClick={() => setContactsOf(tag)}
        testId={`tag-contacts-${tag.id}`}
      />
      <RowActionButton
        icon="pi pi-pencil"
        label={t('tags.edit', { name: tag.name })}
        onClick={() => setDialog({ kind: 'edit', id: tag.id })}
        testId={`tag-edit-${tag.id}`}
      />
      <RowActionButton
        icon="pi pi-trash"
        severity="danger"
        label={t('tags.delete', { name: tag.name })}
        onClick={() => setDeleting(tag)}
        testId={`tag-delete-${tag.id}`}
      />
    </div>
  );

  return (
    <ListPage
      name="tags"
      title={t('tags.title')}
      add={{ label: t('tags.add'), onClick: () => setDialog({ kind: 'add' }) }}
      search={{ placeholder: t('tags.searchPlaceholder'), onSearch: setSearchParam }}
      overlays={
        <>
          <TagDialog
            visible={dialog.kind !== 'none'}
            tagId={dialog.kind === 'edit' ? dialog.id : undefined}
            onHide={() => setDialog({ kind: 'none' })}
          />
          <TagContactsDialog tag={contactsOf} onHide={() => setContactsOf(null)} />
          <TagDeleteDialog tag={deleting} onHide={() => setDeleting(null)} testId="tag-delete-dialog" />
        </>
      }
    >
      <DataTable
        value={tags}
        dataKey="id"
        loading={list.isFetching && !list.isFetchingNextPage}
        paginator
        rows={rows}
        first={first}
        rowsPerPageOptions={[...TAG_PAGE_SIZES]}
        onPage={(e) => {
          setFirst(e.first);
          setRows(e.rows);
          // the pager reached the last rows loaded: fetch the next page of the server
          if (e.first + e.rows >= tags.length) loadMore();
        }}
        emptyMessage={list.isError ? t('tags.loadFailed') : t('tags.empty')}
        className="tags-table"
        data-testid="tags-table"
      >
        <Column header={t('tags.columns.name')} body={(tag: Tag) => <TagChip name={tag.name} color={tag.color} />} />
        <Column
          header={t('tags.columns.kanban')}
          body={(tag: Tag) =>
            tag.kanban === 1 ? (
              <i
                className="pi pi-th-large tags-table__kanban"
                role="img"
                aria-label={t('tags.kanbanYes')}
                title={t('tags.kanbanYes')}
              />
            ) : null
          }
          style={{ width: '8rem', textAlign: 'center' }}
        />
        <Column
          header={<span className="sr-only">{t('tags.columns.actions')}</span>}
          body={actionsCell}
          style={{ width: '10rem' }}
        />
      </DataTable>
      {list.isFetchingNextPage ? <div className="tags-more">{t('tags.loadingMore')}</div> : null}
    </ListPage>
  );
}
