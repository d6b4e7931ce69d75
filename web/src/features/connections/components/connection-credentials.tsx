import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import type { ConnectionCredentials, Credential } from '../hooks/use-connection-credentials.ts';

/** A credential shown read-only, with buttons to copy it and to replace it (after a confirmation). */
export function CredentialRow({
  which,
  value,
  credentials,
}: {
  which: Credential;
  value: string;
  credentials: ConnectionCredentials;
}) {
  const { t } = useTranslation();
  const ids =
    which === 'token'
      ? { field: 'connection-token', copy: 'connection-copy-token', regenerate: 'connection-regenerate-token' }
      : { field: 'connection-widget-key', copy: 'connection-copy-widget-key', regenerate: 'connection-regenerate-widget-key' };
  const labels =
    which === 'token'
      ? { copy: t('connections.dialog.copyToken'), regenerate: t('connections.dialog.regenerateToken') }
      : { copy: t('connections.dialog.copyWidgetKey'), regenerate: t('connections.dialog.regenerateWidgetKey') };
  return (
    <div className="connection-copy-row">
      <InputText id={ids.field} readOnly value={value} className="connection-copy-row__value" data-testid={ids.field} />
      <Button
        type="button"
        outlined
        icon="pi pi-copy"
        aria-label={labels.copy}
        tooltip={labels.copy}
        tooltipOptions={{ position: 'top' }}
        onClick={() => credentials.copy(value)}
        data-testid={ids.copy}
      />
      <Button
        type="button"
        outlined
        severity="warning"
        icon={credentials.regenerating ? 'pi pi-spin pi-spinner' : 'pi pi-refresh'}
        aria-label={labels.regenerate}
        tooltip={labels.regenerate}
        tooltipOptions={{ position: 'top' }}
        disabled={credentials.regenerating}
        onClick={() => credentials.setConfirming(which)}
        data-testid={ids.regenerate}
      />
    </div>
  );
}

/** The confirmations before a credential is replaced: the old one stops working at once. */
export function RegenerateDialogs({ credentials }: { credentials: ConnectionCredentials }) {
  const { t } = useTranslation();
  return (
    <>
      <ConfirmDialog
        visible={credentials.confirming === 'token'}
        onHide={() => credentials.setConfirming(null)}
        header={t('connections.regenerateDialog.header')}
        message={t('connections.regenerateDialog.message')}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('connections.regenerateDialog.confirm')}
        rejectLabel={t('common.cancel')}
        accept={() => credentials.regenerateCredential('token')}
        data-testid="connection-regenerate-dialog"
      />
      <ConfirmDialog
        visible={credentials.confirming === 'widgetKey'}
        onHide={() => credentials.setConfirming(null)}
        header={t('connections.regenerateWidgetKeyDialog.header')}
        message={t('connections.regenerateWidgetKeyDialog.message')}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('connections.regenerateWidgetKeyDialog.confirm')}
        rejectLabel={t('common.cancel')}
        accept={() => credentials.regenerateCredential('widgetKey')}
        data-testid="connection-regenerate-widget-key-dialog"
      />
    </>
  );
}
