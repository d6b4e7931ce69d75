import type { Connection } from '@switchboard/shared/contracts/connections';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../lib/toast.tsx';
import { useSessionCommand, type SessionCommand } from '../api/session-commands.ts';
import { sessionActions } from '../utils/session-actions.ts';

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
  const aria = (key: string) => `${label(key)}: ${connection.name}`;
  return (
    <div className="connection-session" data-testid={`connection-session-${connection.id}`}>
      {actions.map((action) => {
        switch (action) {
          case 'showQr':
            return (
              <Button
                key={action}
                type="button"
                size="small"
                icon="pi pi-qrcode"
                label={label('showQr')}
                aria-label={aria('showQr')}
                onClick={() => onShowQr?.(connection.id)}
                data-testid={`connection-show-qr-${connection.id}`}
              />
            );
          case 'retry':
            return (
              <Button
                key={action}
                type="button"
                size="small"
                outlined
                icon="pi pi-refresh"
                label={label('retry')}
                aria-label={aria('retry')}
                loading={running === 'retry'}
                disabled={command.isPending}
                onClick={() => run('retry')}
                data-testid={`connection-retry-${connection.id}`}
              />
            );
          case 'newQr':
            return (
              <Button
                key={action}
                type="button"
                size="small"
                outlined
                severity="secondary"
                icon="pi pi-qrcode"
                label={label('newQr')}
                aria-label={aria('newQr')}
                loading={running === 'newQr'}
                disabled={command.isPending}
                onClick={() => run('newQr')}
                data-testid={`connection-new-qr-${connection.id}`}
              />
            );
          case 'disconnect':
            return (
              <Button
                key={action}
                type="button"
                size="small"
                outlined
                severity="danger"
                icon="pi pi-power-off"
                label={label('disconnect')}
                aria-label={aria('disconnect')}
                loading={running === 'disconnect'}
                disabled={command.isPending}
                onClick={() => run('disconnect')}
                data-testid={`connection-disconnect-${connection.id}`}
              />
            );
          case 'connecting':
            return (
              <Button
                key={action}
                type="button"
                size="small"
                outlined
                disabled
                icon="pi pi-spin pi-spinner"
                label={label('connecting')}
                aria-label={aria('connecting')}
                data-testid={`connection-connecting-${connection.id}`}
              />
            );
        }
      })}
    </div>
  );
}
