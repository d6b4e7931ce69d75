import type { Connection } from '@switchboard/shared/contracts/inbox';
import { Dialog } from 'primereact/dialog';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { qrImageSrc } from '../utils/qr-image.ts';
import { qrDialogCloses } from '../utils/session-actions.ts';

/**
 * The QR code of a WhatsApp session waiting to be paired (spec document 2 section 4). `connection` is the live
 * record (session events replace its code and status), so each new code shows at once; the dialog closes on its
 * own once the phone has paired (CONNECTED) or the session reports an empty code.
 */
export function QrCodeDialog({ connection, visible, onHide }: { connection: Pick<Connection, 'id' | 'name' | 'status' | 'qrcode'> | undefined; visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const seen = useRef({ code: false, session: false });
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
          <img src={image} alt={t('connections.qr.alt')} className="connection-qr__image" width={256} height={256} data-testid="connection-qr-image" />
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
