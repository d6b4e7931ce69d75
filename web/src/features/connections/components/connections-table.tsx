import type { Connection } from '@switchboard/shared/contracts/connections';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { channelIcon } from '../../../lib/channel-icon.ts';
import { formatUpdatedAt, statusLook, statusReasonOf } from '../utils/connection-status.ts';
import { hasSessionHealth } from '../utils/session-actions.ts';
import type { ImportProgress } from '../utils/import-status.ts';
import { ImportStatus } from './import-status.tsx';
import { SessionControls } from './session-controls.tsx';
import { RowActions } from '../../../components/list-page.tsx';

export type ConnectionRow = Pick<Connection, 'id' | 'name' | 'channel' | 'status' | 'number' | 'isDefault' | 'updatedAt'> &
  Partial<Pick<Connection, 'statusImportMessages' | 'statusReason'>>;
/** A row as the table holds it: an import's live progress travels in the row, since the table redraws a cell only when its row changes. */
type ShownRow = ConnectionRow & { importProgress?: ImportProgress };

export interface ConnectionsTableProps {
  connections: ConnectionRow[];
  loading?: boolean;
  emptyMessage: string;
  /** session buttons, edit and delete (spec document 2 section 6) */
  canAct: boolean;
  onShowQr?: (id: number) => void;
  onEdit?: (id: number) => void;
  onDelete?: (row: ConnectionRow) => void;
  /** the health panel of a WhatsApp session; absent where the session's company is not the viewer's */
  onHealth?: (id: number) => void;
  /** live progress of imports of old messages, by connection */
  importProgress?: Record<number, ImportProgress>;
  testId?: string;
}

/**
 * The connections table (spec document 2 "Connections page"): channel icon, name, number, status, session
 * actions, last update (dd/MM/yy HH:mm), default flag, and the row actions. The All-connections dialog shows
 * the same columns.
 */
export function ConnectionsTable({
  connections,
  loading,
  emptyMessage,
  canAct,
  onShowQr,
  onEdit,
  onDelete,
  onHealth,
  importProgress,
  testId = 'connections-table',
}: ConnectionsTableProps) {
  const { t } = useTranslation();
  const rows = useMemo<ShownRow[]>(
    () => connections.map((c) => (importProgress?.[c.id] ? { ...c, importProgress: importProgress[c.id] } : c)),
    [connections, importProgress],
  );

  const channelCell = (c: ConnectionRow) => (
    <i
      className={`${channelIcon(c.channel)} connections-table__channel`}
      role="img"
      aria-label={t(`connections.channels.${c.channel}`)}
      title={t(`connections.channels.${c.channel}`)}
    />
  );
  // on a phone the default column gives way to a tag beside the name
  const nameCell = (c: ConnectionRow) => (
    <div className="connections-table__name-cell">
      <span className="connections-table__name">{c.name}</span>
      {c.isDefault ? <span className="connections-table__default-tag">{t('connections.columns.isDefault')}</span> : null}
    </div>
  );
  const numberCell = (c: ConnectionRow) =>
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
  const statusCell = (c: ConnectionRow) => {
    const look = statusLook(c.status);
    const reason = statusReasonOf(c);
    const status = (
      <span className={`connection-status connection-status--${look.severity}`} data-testid="connection-status">
        <i className={look.icon} aria-hidden="true" />
        {t(look.label)}
      </span>
    );
    if (!reason) return status;
    // the known part in the user's language; the provider's own words (Meta's, WhatsApp's) as they came
    return (
      <div className="connection-status-cell">
        {status}
        <span className="connection-status__reason" data-testid="connection-status-reason">
          {reason.key ? t(reason.key) : reason.detail}
          {reason.key && reason.detail ? <span className="connection-status__detail">{reason.detail}</span> : null}
        </span>
      </div>
    );
  };
  const sessionCell = (c: ShownRow) => (
    <div className="connections-table__session">
      <SessionControls connection={c} canAct={canAct} onShowQr={onShowQr} />
      {c.statusImportMessages ? (
        <ImportStatus id={c.id} status={c.statusImportMessages} progress={c.importProgress} canAct={canAct} />
      ) : null}
    </div>
  );
  const defaultCell = (c: ConnectionRow) =>
    c.isDefault ? (
      <i
        className="pi pi-check-circle connections-table__default"
        role="img"
        aria-label={t('connections.defaultYes')}
        title={t('connections.defaultYes')}
      />
    ) : null;
  const actionsCell = (c: ConnectionRow) => (
    <RowActions
      testId={{ kind: 'connection', id: c.id }}
      editLabel={canAct ? t('connections.edit', { name: c.name }) : undefined}
      deleteLabel={canAct ? t('connections.delete', { name: c.name }) : undefined}
      onEdit={onEdit ? () => onEdit(c.id) : undefined}
      onDelete={onDelete ? () => onDelete(c) : undefined}
    >
      {onHealth && hasSessionHealth(c.channel) ? (
        <Button
          type="button"
          text
          rounded
          icon="pi pi-heart"
          aria-label={t('connections.health.open', { name: c.name })}
          tooltip={t('connections.health.open', { name: c.name })}
          tooltipOptions={{ position: 'top' }}
          onClick={() => onHealth(c.id)}
          data-testid={`connection-health-${c.id}`}
        />
      ) : null}
    </RowActions>
  );
  const hasActions = Boolean(onHealth) || (canAct && Boolean(onEdit || onDelete));

  return (
    <DataTable
      value={rows}
      dataKey="id"
      loading={loading}
      emptyMessage={emptyMessage}
      className="connections-table"
      rowClassName={(c: ConnectionRow) => `connection-row-${c.id}`}
      data-testid={testId}
    >
      <Column
        header={<span className="sr-only">{t('connections.columns.channel')}</span>}
        body={channelCell}
        className="connections-table__channel-cell"
      />
      <Column header={t('connections.columns.name')} body={nameCell} />
      <Column
        header={t('connections.columns.number')}
        body={numberCell}
        className="connections-table__optional"
        headerClassName="connections-table__optional"
      />
      <Column header={t('connections.columns.status')} body={statusCell} />
      <Column header={t('connections.columns.session')} body={sessionCell} className="connections-table__session-cell" />
      <Column
        header={t('connections.columns.updatedAt')}
        body={(c: ConnectionRow) => formatUpdatedAt(c.updatedAt)}
        className="connections-table__optional"
        headerClassName="connections-table__optional"
      />
      <Column
        header={t('connections.columns.isDefault')}
        body={defaultCell}
        className="connections-table__center connections-table__optional"
        headerClassName="connections-table__center connections-table__optional"
      />
      {hasActions ? (
        <Column
          header={<span className="sr-only">{t('connections.columns.actions')}</span>}
          body={actionsCell}
          className="connections-table__actions-cell"
        />
      ) : null}
    </DataTable>
  );
}
