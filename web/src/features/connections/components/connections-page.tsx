import { creatableChannels, type CreatableChannel } from '@switchboard/shared/contracts/connections';
import type { Connection } from '@switchboard/shared/contracts/inbox';
import { can } from '@switchboard/shared/permissions';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ForbiddenPage } from '../../../components/forbidden-page.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { buildViewer } from '../../../lib/viewer.ts';
import { useDeleteConnection } from '../api/delete-connection.ts';
import { useConnections } from '../api/get-connections.ts';
import { useConnectionsLiveUpdates } from '../hooks/use-connections-live-updates.ts';
import { channelIcon } from '../../../lib/channel-icon.ts';
import { formatUpdatedAt, statusLook } from '../utils/connection-status.ts';
import { ConnectionDialog } from './connection-dialog.tsx';
import './connections.css';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';

type DialogState = { kind: 'none' } | { kind: 'add'; channel: CreatableChannel } | { kind: 'edit'; id: number };

/** /connections (spec document 2 "Connections page"): admins and users with allowConnections; others see the 403 view. */
export function ConnectionsPage() {
  const user = useCurrentUser();
  const viewer = buildViewer(user);
  if (!can(viewer, 'connections-page:view')) return <ForbiddenPage />;
  return <ConnectionsList companyId={user.companyId} canEdit={can(viewer, 'connections-page:addConnection')} />;
}

function ConnectionsList({ companyId, canEdit }: { companyId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  useDocumentTitle(t('connections.title'));
  useConnectionsLiveUpdates(companyId);
  const list = useConnections();
  const remove = useDeleteConnection();
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const [deleting, setDeleting] = useState<Connection | null>(null);
  const addMenu = useRef<Menu>(null);

  const connections = list.data ?? [];
  const editing = dialog.kind === 'edit' ? connections.find((c) => c.id === dialog.id) : undefined;

  // only channels whose driver runs on this deployment can be added
  const addItems: MenuItem[] = creatableChannels.map((channel) => ({
    label: t(`connections.channels.${channel}`),
    icon: channelIcon(channel),
    className: `connections-add-${channel}`,
    command: () => setDialog({ kind: 'add', channel }),
  }));

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(t('connections.toasts.deleted')),
      onError: (error) => toast.error(error),
    });
  };

  const channelCell = (c: Connection) => (
    <i className={`${channelIcon(c.channel)} connections-table__channel`} role="img" aria-label={t(`connections.channels.${c.channel}`)} title={t(`connections.channels.${c.channel}`)} />
  );
  // on a phone the default column gives way to a tag beside the name
  const nameCell = (c: Connection) => (
    <div className="connections-table__name-cell">
      <span className="connections-table__name">{c.name}</span>
      {c.isDefault ? <span className="connections-table__default-tag">{t('connections.columns.isDefault')}</span> : null}
    </div>
  );
  const numberCell = (c: Connection) =>
    c.number ? (
      c.number
    ) : (
      <>
        <span aria-hidden="true" className="connections-table__none">
          —
        </span>
        <span className="sr-only">{t('connections.noNumber')}</span>
      </>
    );
  const statusCell = (c: Connection) => {
    const look = statusLook(c.status);
    return (
      <span className={`connection-status connection-status--${look.severity}`} data-testid="connection-status">
        <i className={look.icon} aria-hidden="true" />
        {t(look.label)}
      </span>
    );
  };
  const defaultCell = (c: Connection) =>
    c.isDefault ? <i className="pi pi-check-circle connections-table__default" role="img" aria-label={t('connections.defaultYes')} title={t('connections.defaultYes')} /> : null;
  const actionsCell = (c: Connection) => (
    <div className="connections-table__actions">
      <Button
        type="button"
        text
        rounded
        icon="pi pi-pencil"
        aria-label={t('connections.edit', { name: c.name })}
        tooltip={t('connections.edit', { name: c.name })}
        tooltipOptions={{ position: 'top' }}
        onClick={() => setDialog({ kind: 'edit', id: c.id })}
        data-testid={`connection-edit-${c.id}`}
      />
      <Button
        type="button"
        text
        rounded
        severity="danger"
        icon="pi pi-trash"
        aria-label={t('connections.delete', { name: c.name })}
        tooltip={t('connections.delete', { name: c.name })}
        tooltipOptions={{ position: 'top' }}
        onClick={() => setDeleting(c)}
        data-testid={`connection-delete-${c.id}`}
      />
    </div>
  );

  return (
    <section className="page connections-page" data-testid="connections-page">
      <PageHeader
        title={t('connections.title')}
        subtitle={t('connections.subtitle')}
        actions={
          canEdit ? (
            <>
              <Menu model={addItems} popup ref={addMenu} id="connections-add-menu" popupAlignment="right" aria-label={t('connections.addMenu')} />
              <Button
                type="button"
                icon="pi pi-plus"
                label={t('connections.add')}
                aria-haspopup="menu"
                aria-controls="connections-add-menu"
                onClick={(e) => addMenu.current?.toggle(e)}
                data-testid="connections-add"
              />
            </>
          ) : undefined
        }
      />
      <div className="surface-panel connections-panel">
        <DataTable
          value={connections}
          dataKey="id"
          loading={list.isPending}
          emptyMessage={list.isError ? t('connections.loadFailed') : t('connections.empty')}
          className="connections-table"
          rowClassName={(c: Connection) => `connection-row-${c.id}`}
          data-testid="connections-table"
        >
          <Column header={<span className="sr-only">{t('connections.columns.channel')}</span>} body={channelCell} className="connections-table__channel-cell" />
          <Column header={t('connections.columns.name')} body={nameCell} />
          <Column header={t('connections.columns.number')} body={numberCell} className="connections-table__optional" headerClassName="connections-table__optional" />
          <Column header={t('connections.columns.status')} body={statusCell} />
          <Column
            header={t('connections.columns.updatedAt')}
            body={(c: Connection) => formatUpdatedAt(c.updatedAt)}
            className="connections-table__optional"
            headerClassName="connections-table__optional"
          />
          <Column
            header={t('connections.columns.isDefault')}
            body={defaultCell}
            className="connections-table__center connections-table__optional"
            headerClassName="connections-table__center connections-table__optional"
          />
          {canEdit ? <Column header={<span className="sr-only">{t('connections.columns.actions')}</span>} body={actionsCell} className="connections-table__actions-cell" /> : null}
        </DataTable>
      </div>
      {canEdit ? (
        <ConnectionDialog
          visible={dialog.kind === 'add' || Boolean(editing)}
          channel={dialog.kind === 'add' ? dialog.channel : undefined}
          record={editing}
          onHide={() => setDialog({ kind: 'none' })}
        />
      ) : null}
      <DeleteDialog
        visible={Boolean(deleting)}
        onHide={() => setDeleting(null)}
        header={t('connections.deleteDialog.header', { name: deleting?.name ?? '' })}
        message={t('connections.deleteDialog.message')}
        confirmLabel={t('connections.deleteDialog.confirm')}
        onConfirm={confirmDelete}
        testId="connection-delete-dialog"
      />
    </section>
  );
}
