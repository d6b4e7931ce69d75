import { traitsOf } from '@switchboard/shared/channel-traits';
import { type Connection, type CreatableChannel, creatableChannels } from '@switchboard/shared/contracts/connections';
import { can } from '@switchboard/shared/permissions';
import { routeTable } from '@switchboard/shared/route-table';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { ForbiddenPage } from '../../../components/forbidden-page.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { channelIcon } from '../../../lib/channel-icon.ts';
import { usePlanFlag } from '../../../lib/plan.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { buildViewer } from '../../../lib/viewer.ts';
import { useDeleteConnection } from '../api/delete-connection.ts';
import { useCompanyConnections } from '../api/get-company-connections.ts';
import { useConnections } from '../api/get-connections.ts';
import { useRestartSessions } from '../api/restart-sessions.ts';
import { useConnectionsLiveUpdates } from '../hooks/use-connections-live-updates.ts';
import { useImportProgress } from '../hooks/use-import-progress.ts';
import { useConnectionsTarget } from '../hooks/use-connections-target.tsx';
import { addMenuEntries } from '../utils/add-menu.ts';
import { ConnectionDialog } from './connection-dialog.tsx';
import { ConnectionsTable, type ConnectionRow } from './connections-table.tsx';
import { FacebookDialog } from './facebook-dialog.tsx';
import { HealthDialog } from './health-dialog.tsx';
import { QrCodeDialog } from './qr-code-dialog.tsx';
import './connections.css';
import { useDeleteConfirm } from '../../../components/list-page-state.ts';

/** /connections (spec document 2 "Connections page"): admins and users with allowConnections; others see the 403 view. */
export function ConnectionsPage() {
  const user = useCurrentUser();
  const viewer = buildViewer(user);
  if (!can(viewer, 'connections-page:view')) return <ForbiddenPage />;
  return <ConnectionsList companyId={user.companyId} canEdit={can(viewer, 'connections-page:addConnection')} />;
}

const facebookRouteExists = routeTable.some((r) => r.method === 'POST' && r.path === '/facebook');

export type ConnectionsDialogState =
  | { kind: 'none' }
  | { kind: 'add'; channel: CreatableChannel }
  | { kind: 'edit'; id: number }
  | { kind: 'meta'; instagram: boolean };

/**
 * The company's connections with everything done to them: add (the dialog the add menu chose), edit, delete,
 * the session buttons, the QR code of a session waiting to be paired and a session's health. The All-connections
 * overview shows it for the super user's own company.
 */
export function ConnectionsManager({
  companyId,
  canEdit,
  dialog,
  onDialog,
  testId,
}: {
  companyId: number;
  canEdit: boolean;
  dialog: ConnectionsDialogState;
  onDialog: (state: ConnectionsDialogState) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  // another company the super user manages (its events are not pushed to them): read through /whatsapp-admin
  const target = useConnectionsTarget();
  useConnectionsLiveUpdates(companyId, { enabled: target === undefined });
  const importProgress = useImportProgress(companyId, { enabled: target === undefined && canEdit });
  const ownList = useConnections({ enabled: target === undefined });
  const targetList = useCompanyConnections(target);
  const list =
    target === undefined
      ? ownList
      : { data: targetList.data?.connections, isPending: targetList.isPending, isError: targetList.isError };
  const allowInstagram = usePlanFlag('useInstagram') === true;
  const deletion = useDeleteConfirm<ConnectionRow>(useDeleteConnection(), t('connections.toasts.deleted'));
  const [qrFor, setQrFor] = useState<number | null>(null);
  const [healthFor, setHealthFor] = useState<number | null>(null);

  const connections = list.data ?? [];
  const editing = dialog.kind === 'edit' ? connections.find((c) => c.id === dialog.id) : undefined;
  const byId = (id: number | null) => (id === null ? undefined : connections.find((c) => c.id === id));
  const closeQr = useCallback(() => setQrFor(null), []);
  const closeDialog = () => onDialog({ kind: 'none' });

  return (
    <>
      <div className="surface-panel connections-panel">
        <ConnectionsTable
          connections={connections}
          loading={list.isPending}
          emptyMessage={list.isError ? t('connections.loadFailed') : t('connections.empty')}
          canAct={canEdit}
          onShowQr={setQrFor}
          onEdit={(id) => onDialog({ kind: 'edit', id })}
          onDelete={deletion.ask}
          onHealth={target === undefined ? setHealthFor : undefined}
          importProgress={importProgress}
          testId={testId}
        />
      </div>
      {canEdit ? (
        <>
          <ConnectionDialog
            visible={dialog.kind === 'add' || Boolean(editing)}
            channel={dialog.kind === 'add' ? dialog.channel : undefined}
            record={editing}
            onHide={closeDialog}
            onCreated={(created: Connection) => {
              if (traitsOf(created.channel).qrSession) setQrFor(created.id);
            }}
            onRepairing={setQrFor}
          />
          <FacebookDialog
            visible={dialog.kind === 'meta'}
            instagram={dialog.kind === 'meta' && dialog.instagram}
            allowInstagram={allowInstagram}
            onHide={closeDialog}
          />
        </>
      ) : null}
      <QrCodeDialog connection={byId(qrFor)} visible={qrFor !== null} onHide={closeQr} />
      <HealthDialog connection={byId(healthFor)} onHide={() => setHealthFor(null)} />
      <DeleteDialog
        {...deletion.dialog}
        header={t('connections.deleteDialog.header', { name: deletion.target?.name ?? '' })}
        message={t('connections.deleteDialog.message')}
        confirmLabel={t('connections.deleteDialog.confirm')}
        testId="connection-delete-dialog"
      />
    </>
  );
}

function AddMenu({ onPick }: { onPick: (state: ConnectionsDialogState) => void }) {
  const { t } = useTranslation();
  const addMenu = useRef<Menu>(null);
  const entries = addMenuEntries({
    creatable: creatableChannels,
    useWhatsapp: usePlanFlag('useWhatsapp'),
    useFacebook: usePlanFlag('useFacebook'),
    useInstagram: usePlanFlag('useInstagram'),
    facebookRoute: facebookRouteExists,
  });
  const items: MenuItem[] = entries.map((entry) => ({
    label: t(`connections.addEntries.${entry.key}`),
    icon: channelIcon(entry.icon),
    className: `connections-add-${entry.key}`,
    command: () =>
      onPick(
        entry.kind === 'meta'
          ? { kind: 'meta', instagram: traitsOf(entry.key).graphAccount === 'instagram-account' }
          : { kind: 'add', channel: entry.channel },
      ),
  }));
  return (
    <>
      <Menu
        model={items}
        popup
        ref={addMenu}
        id="connections-add-menu"
        popupAlignment="right"
        aria-label={t('connections.addMenu')}
      />
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
  );
}

/** Starts every WhatsApp session of the company again; shown while the company has one. */
function RestartSessionsButton() {
  const { t } = useTranslation();
  const toast = useToast();
  const restart = useRestartSessions();
  const hasSession = (useConnections().data ?? []).some((c) => traitsOf(c.channel).qrSession);
  if (!hasSession) return null;
  return (
    <Button
      type="button"
      outlined
      icon="pi pi-replay"
      label={t('connections.session.restartAll')}
      loading={restart.isPending}
      onClick={() =>
        restart.mutate(undefined, {
          onSuccess: () => toast.info(t('connections.session.sent.restartAll')),
          onError: (error) => toast.error(error),
        })
      }
      data-testid="connections-restart-all"
    />
  );
}

function ConnectionsList({ companyId, canEdit }: { companyId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle(t('connections.title'));
  const [dialog, setDialog] = useState<ConnectionsDialogState>({ kind: 'none' });
  return (
    <section className="page connections-page" data-testid="connections-page">
      <PageHeader
        title={t('connections.title')}
        subtitle={t('connections.subtitle')}
        actions={
          canEdit ? (
            <>
              <RestartSessionsButton />
              <AddMenu onPick={setDialog} />
            </>
          ) : undefined
        }
      />
      <ConnectionsManager companyId={companyId} canEdit={canEdit} dialog={dialog} onDialog={setDialog} />
    </section>
  );
}
