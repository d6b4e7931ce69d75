import type { Connection, ConnectionStatus } from '@switchboard/shared/contracts/connections';
import { CONNECTION_REASONS, reasonKind } from '@switchboard/shared/connection-reasons';
import { connectionWarningStatuses } from '@switchboard/shared/permissions';

export type StatusSeverity = 'success' | 'warning' | 'danger' | 'info';

export interface StatusLook {
  /** i18n key of the label */
  label: string;
  icon: string;
  severity: StatusSeverity;
}

/** Spec document 2 section 4: how each session state looks in the table (CONNECTED reads 'online'). */
export const statusLook = (status: ConnectionStatus): StatusLook => {
  switch (status) {
    case 'CONNECTED':
      return { label: 'connections.status.CONNECTED', icon: 'pi pi-check-circle', severity: 'success' };
    case 'DISCONNECTED':
      return { label: 'connections.status.DISCONNECTED', icon: 'pi pi-times-circle', severity: 'danger' };
    case 'qrcode':
      return { label: 'connections.status.qrcode', icon: 'pi pi-qrcode', severity: 'warning' };
    case 'PAIRING':
      return { label: 'connections.status.PAIRING', icon: 'pi pi-exclamation-triangle', severity: 'warning' };
    case 'TIMEOUT':
      return { label: 'connections.status.TIMEOUT', icon: 'pi pi-clock', severity: 'warning' };
    case 'OPENING':
      return { label: 'connections.status.OPENING', icon: 'pi pi-spin pi-spinner', severity: 'info' };
  }
};

/**
 * Why a connection is down or stopped, as the list and the QR dialog say it: the i18n key of a known reason (its
 * provider detail follows it), or nothing for a reason to show as it is. Connected and connecting states tell none.
 */
export const statusReasonOf = (c: Pick<Connection, 'status' | 'statusReason'>): { key?: string; detail: string } | undefined => {
  if (!c.statusReason || (c.status !== 'DISCONNECTED' && c.status !== 'TIMEOUT')) return undefined;
  const kind = reasonKind(c.statusReason);
  if (!kind) return { detail: c.statusReason };
  const detail = c.statusReason.slice(CONNECTION_REASONS[kind].length).replace(/^[\s:]+/, '');
  return { key: `connections.reasons.${kind}`, detail };
};

const warning: ReadonlySet<string> = new Set(connectionWarningStatuses);

/** The menu's warning badge on Connections: some connection waits for a QR code, pairs, is down or connecting. */
export const needsAttention = (connections: readonly Pick<Connection, 'status'>[] | undefined): boolean =>
  (connections ?? []).some((c) => warning.has(c.status));

const two = (n: number) => String(n).padStart(2, '0');

/** The table's last update: dd/MM/yy HH:mm in the browser's time zone. */
export const formatUpdatedAt = (iso: string): string => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${two(d.getFullYear() % 100)} ${two(d.getHours())}:${two(d.getMinutes())}`;
};
