import type { Queue } from '@switchboard/shared/contracts/queues';
import { can, type Viewer } from '@switchboard/shared/permissions';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { ForbiddenPage } from '../../../components/forbidden-page.tsx';
import { ListPage, RowActions } from '../../../components/list-page.tsx';
import { useDeleteConfirm } from '../../../components/list-page-state.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { buildViewer } from '../../../lib/viewer.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useQueues } from '../api/get-queues.ts';
import { useUsers } from '../api/get-users.ts';
import { useUsersLiveUpdates } from '../hooks/use-users-live-updates.ts';
import { UserDialog } from './user-dialog.tsx';
import './users.css';

interface UserRow {
  id: number;
  name: string;
  email: string;
  profile: 'admin' | 'user';
  online: boolean;
  queueIds: number[];
}

type DialogState = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; id: number };

/** /users (spec document 2 "Users page"): admins only; a profile user sees the no-access view. */
export function UsersPage() {
  const user = useCurrentUser();
  const viewer = buildViewer(user);
  if (!can(viewer, 'admin:area')) return <ForbiddenPage />;
  return <UsersList companyId={user.companyId} selfId={user.id} viewer={viewer} />;
}

function UsersList({ companyId, selfId, viewer }: { companyId: number; selfId: number; viewer: Viewer }) {
  const { t } = useTranslation();
  useDocumentTitle(t('users.title'));
  useUsersLiveUpdates(companyId);
  const [searchParam, setSearchParam] = useState('');
  const list = useUsers(searchParam);
  const queues = useQueues();
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const deletion = useDeleteConfirm<UserRow>(useDeleteUser(), t('users.toasts.deleted'));

  const users: UserRow[] = list.data?.pages.flatMap((p) => p.users) ?? [];
  const queueById = useMemo(() => new Map((queues.data ?? []).map((q: Queue) => [q.id, q])), [queues.data]);

  const queuesCell = (u: UserRow) =>
    u.queueIds.length === 0 ? (
      <span className="users-table__none">{t('users.noQueues')}</span>
    ) : (
      <div className="users-table__queues">
        {u.queueIds.map((id) => {
          const q = queueById.get(id);
          return q ? (
            <span key={id} className="users-table__queue">
              <span className="users-table__swatch" style={{ backgroundColor: q.color }} aria-hidden="true" />
              {q.name}
            </span>
          ) : null;
        })}
      </div>
    );
  const statusCell = (u: UserRow) => (
    <span className={`users-table__status users-table__status--${u.online ? 'online' : 'offline'}`}>
      <span className="users-table__dot" aria-hidden="true" />
      {u.online ? t('users.online') : t('users.offline')}
    </span>
  );
  const actionsCell = (u: UserRow) => (
    <RowActions
      testId={{ kind: 'user', id: u.id }}
      editLabel={t('users.edit', { name: u.name })}
      onEdit={() => setDialog({ kind: 'edit', id: u.id })}
      deleteLabel={t('users.delete', { name: u.name })}
      onDelete={u.id !== selfId ? () => deletion.ask(u) : undefined}
    />
  );

  return (
    <ListPage
      name="users"
      title={t('users.title')}
      subtitle={t('users.subtitle')}
      add={{ label: t('users.add'), onClick: () => setDialog({ kind: 'add' }) }}
      search={{ placeholder: t('users.searchPlaceholder'), onSearch: (text) => setSearchParam(text.toLowerCase()) }}
      paging={{ query: list, loadingMore: t('users.loadingMore') }}
      overlays={
        <>
          <UserDialog
            visible={dialog.kind !== 'none'}
            userId={dialog.kind === 'edit' ? dialog.id : undefined}
            viewer={viewer}
            onHide={() => setDialog({ kind: 'none' })}
          />
          <DeleteDialog
            {...deletion.dialog}
            header={t('users.deleteDialog.header', { name: deletion.target?.name ?? '' })}
            message={t('users.deleteDialog.message')}
            confirmLabel={t('users.deleteDialog.confirm')}
            testId="user-delete-dialog"
          />
        </>
      }
    >
      <DataTable
        value={users}
        dataKey="id"
        loading={list.isFetching && !list.isFetchingNextPage}
        emptyMessage={list.isError ? t('users.loadFailed') : t('users.empty')}
        className="users-table"
        data-testid="users-table"
      >
        <Column header={t('users.columns.name')} body={(u: UserRow) => <span className="users-table__name">{u.name}</span>} />
        <Column header={t('users.columns.email')} field="email" />
        <Column header={t('users.columns.profile')} body={(u: UserRow) => t(`users.profiles.${u.profile}`)} />
        <Column header={t('users.columns.queues')} body={queuesCell} />
        <Column header={t('users.columns.status')} body={statusCell} />
        <Column
          header={<span className="sr-only">{t('users.columns.actions')}</span>}
          body={actionsCell}
          style={{ width: '7rem' }}
        />
      </DataTable>
    </ListPage>
  );
}
