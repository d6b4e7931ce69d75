import type { Connection } from '@switchboard/shared/contracts/connections';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../lib/toast.tsx';
import { useSessionCommand, type SessionCommand } from '../api/session-commands.ts';
import { sessionActions, type SessionAction } from '../utils/session-actions.ts';

/** How each session button looks: its icon, its colour, and the test id's middle part. */
const LOOKS: Record<SessionAction, { icon: string; testId: string; severity?: 'secondary' | 'danger' }> = {
  showQr: { icon: 'pi pi-qrcode', testId: 'show-qr' },
  retry: { icon: 'pi pi-refresh', testId: 'retry' },
  newQr: { icon: 'pi pi-qrcode', testId: 'new-qr', severity: 'secondary' },
  disconnect: { icon: 'pi pi-power-off', testId: 'disconnect', severity: 'danger' },
  connecting: { icon: 'pi pi-spin pi-spinner', testId: 'connecting' },
};

const isCommand = (action: SessionAction): action is SessionCommand =>
  action === 'retry' || action === 'newQr' || action === 'disconnect';

export type SessionRow = Pick<Connection, 'id' | 'name' | 'channel' | 'status'>;

/** The session column of a connection: its buttons by status (spec document 2 section 4). */
export function SessionControls({
  connection,
  canAct,
  onShowQr,
}: {
  connection: SessionRow;
  canAct: boolean;
  onShowQr?: (id: number) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const command = useSessionCommand();
  const actions = canAct ? sessionActions(connection.channel, connection.status) : [];
  const running = command.isPending ? command.variables.command : undefined;

  const run = (which: SessionCommand) =>
    command.mutate(
      { id: connection.id, command: which },
      { onSuccess: () => toast.info(t(`connections.session.sent.${which}`)), onError: (error) => toast.error(error) },
    );

  if (actions.length === 0) {
    return (
      <>
        <span aria-hidden="true" className="connections-table__none">
          —
        </span>
        <span className="sr-only">{t('connections.session.none')}</span>
      </>
    );
  }
  const label = (key: string) => t(`connections.session.${key}`);
  return (
    <div className="connection-session" data-testid={`connection-session-${connection.id}`}>
      {actions.map((action) => {
        const look = LOOKS[action];
        const which = isCommand(action) ? action : undefined;
        return (
          <Button
            key={action}
            type="button"
            size="small"
            outlined={action !== 'showQr'}
            severity={look.severity}
            icon={look.icon}
            label={label(action)}
            aria-label={`${label(action)}: ${connection.name}`}
            loading={which ? running === which : undefined}
            disabled={action === 'connecting' || (which ? command.isPending : undefined)}
            onClick={action === 'showQr' ? () => onShowQr?.(connection.id) : which ? () => run(which) : undefined}
            data-testid={`connection-${look.testId}-${connection.id}`}
          />
        );
      })}
    </div>
  );
}
