import type { Connection } from '@switchboard/shared/contracts/connections';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../lib/toast.tsx';
import { useSessionCommand } from '../api/session-commands.ts';
import { statusReasonOf } from '../utils/connection-status.ts';
import { qrImageSrc } from '../utils/qr-image.ts';
import { QR_WAIT_MS, qrDialogCloses, qrFailed } from '../utils/session-actions.ts';

type QrConnection = Pick<Connection, 'id' | 'name' | 'status' | 'qrcode'> & Partial<Pick<Connection, 'statusReason'>>;

/**
 * The QR code of a WhatsApp session waiting to be paired (spec document 2 section 4). `connection` is the live
 * record (session events replace its code, status and reason), so each new code shows at once; the dialog closes on
 * its own once the phone has paired (CONNECTED) or the session reports an empty code. When no code can come (the
 * session stopped at TIMEOUT, or cannot reach WhatsApp) it says why and offers to try again; it never waits longer
 * than QR_WAIT_MS for a first code without saying so.
 */
export function QrCodeDialog({
  connection,
  visible,
  onHide,
}: {
  connection: QrConnection | undefined;
  visible: boolean;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const command = useSessionCommand();
  const seen = useRef({ code: false, session: false });
  const [waitedOut, setWaitedOut] = useState(false);
  const code = connection?.qrcode ?? '';
  const status = connection?.status;
  const image = useMemo(() => (code ? qrImageSrc(code) : null), [code]);

  useEffect(() => {
    if (!visible) {
      seen.current = { code: false, session: false };
      return;
    }
    if (status !== undefined) seen.current.session = true;
    if (code) seen.current.code = true;
    if (qrDialogCloses(status === undefined ? undefined : { status, qrcode: code }, seen.current)) onHide();
  }, [visible, code, status, onHide]);

  // the client's own bound: whatever happens on the server, the spinner does not turn forever
  useEffect(() => {
    setWaitedOut(false);
    if (!visible || code || qrFailed(status)) return;
    const timer = setTimeout(() => setWaitedOut(true), QR_WAIT_MS);
    return () => clearTimeout(timer);
  }, [visible, code, status]);

  const failed = visible && !code && connection !== undefined && (qrFailed(status) || waitedOut);
  const reason = connection
    ? statusReasonOf({ status: connection.status, statusReason: connection.statusReason ?? null })
    : undefined;
  const headline = reason?.key
    ? t(reason.key)
    : status === 'TIMEOUT'
      ? t('connections.qr.failedTimeout')
      : status === 'DISCONNECTED'
        ? t('connections.qr.failedDisconnected')
        : t('connections.qr.noCodeYet');
  const detail = reason?.detail;

  const retry = () => {
    if (!connection) return;
    setWaitedOut(false);
    seen.current.code = false;
    command.mutate({ id: connection.id, command: 'retry' }, { onError: (error) => toast.error(error) });
  };

  return (
    <Dialog
      header={t('connections.qr.title', { name: connection?.name ?? '' })}
      visible={visible}
      onHide={onHide}
      style={{ width: '26rem' }}
      breakpoints={{ '480px': '96vw' }}
      modal
      dismissableMask
      className="connection-qr-dialog"
      data-testid="connection-qr-dialog"
    >
      <div className="connection-qr">
        {image ? (
          <img
            src={image}
            alt={t('connections.qr.alt')}
            className="connection-qr__image"
            width={256}
            height={256}
            data-testid="connection-qr-image"
          />
        ) : failed ? (
          <div className="connection-qr__failed" role="alert" data-testid="connection-qr-failed">
            <i className="pi pi-exclamation-triangle" aria-hidden="true" />
            <p className="connection-qr__failed-title" data-testid="connection-qr-reason">
              {headline}
            </p>
            {detail ? (
              <p className="connection-qr__failed-detail" data-testid="connection-qr-reason-detail">
                {detail}
              </p>
            ) : null}
            <Button
              type="button"
              icon="pi pi-refresh"
              label={t('connections.qr.retry')}
              loading={command.isPending}
              onClick={retry}
              data-testid="connection-qr-retry"
            />
          </div>
        ) : (
          <div className="connection-qr__waiting" role="status" data-testid="connection-qr-waiting">
            <i className="pi pi-spin pi-spinner" aria-hidden="true" />
            {t('connections.qr.waiting')}
          </div>
        )}
        <ol className="connection-qr__steps">
          <li>{t('connections.qr.step1')}</li>
          <li>{t('connections.qr.step2')}</li>
          <li>{t('connections.qr.step3')}</li>
        </ol>
      </div>
    </Dialog>
  );
}
