import type { Connection } from '@switchboard/shared/contracts/connections';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useTranslation } from 'react-i18next';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import type { ConnectionFormPart } from '../utils/connection-form.ts';

/**
 * A WhatsApp Cloud API number: Meta's ids (fixed once added), its three secrets (write-only: when editing, only a new
 * access token), and the webhook URL to give Meta once saved.
 */
export function CloudApiFields({
  record,
  copy,
  values,
  errors,
  apply,
}: ConnectionFormPart & { record: Connection | undefined; copy: (text: string) => void }) {
  const { t } = useTranslation();
  const secretField = (field: 'accessToken' | 'appSecret' | 'verifyToken', id: string, hint?: string) => (
    <FormField id={id} label={t(`connections.dialog.cloud.${field}${record ? 'New' : ''}`)} error={errors[field]} hint={hint}>
      <Password
        inputId={id}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${id}-error` : undefined}
        feedback={false}
        toggleMask
        autoComplete="off"
        invalid={Boolean(errors[field])}
        value={values[field]}
        onChange={(e) => apply({ ...values, [field]: e.target.value })}
        className="w-full"
        inputClassName="w-full"
      />
    </FormField>
  );

  const idField = (field: 'phoneNumberId' | 'wabaId', id: string) => (
    <FormField id={id} label={t(`connections.dialog.cloud.${field}`)} error={errors[field]}>
      <InputText
        {...fieldA11y(id, errors[field])}
        inputMode="numeric"
        autoComplete="off"
        readOnly={Boolean(record)}
        invalid={Boolean(errors[field])}
        value={values[field]}
        onChange={(e) => apply({ ...values, [field]: e.target.value })}
      />
    </FormField>
  );

  const webhookUrl = record?.webhookUrl ?? null;
  return (
    <fieldset className="connection-fieldset">
      <legend>{t('connections.dialog.cloud.legend')}</legend>
      {record && webhookUrl ? (
        <FormField
          id="connection-webhook-url"
          label={t('connections.dialog.cloud.webhookUrl')}
          hint={t('connections.dialog.cloud.webhookUrlHint')}
        >
          <div className="connection-copy-row">
            <InputText
              id="connection-webhook-url"
              readOnly
              value={webhookUrl}
              className="connection-copy-row__value"
              data-testid="connection-webhook-url"
            />
            <Button
              type="button"
              outlined
              icon="pi pi-copy"
              aria-label={t('connections.dialog.cloud.copyWebhookUrl')}
              tooltip={t('connections.dialog.cloud.copyWebhookUrl')}
              tooltipOptions={{ position: 'top' }}
              onClick={() => copy(webhookUrl)}
              data-testid="connection-copy-webhook-url"
            />
          </div>
        </FormField>
      ) : !record ? (
        <p className="connection-note">{t('connections.dialog.cloud.webhookAfterSave')}</p>
      ) : null}
      {idField('phoneNumberId', 'connection-phone-number-id')}
      {idField('wabaId', 'connection-waba-id')}
      {secretField('accessToken', 'connection-access-token', record ? t('connections.dialog.cloud.accessTokenKeep') : undefined)}
      {!record ? secretField('appSecret', 'connection-app-secret') : null}
      {!record ? secretField('verifyToken', 'connection-verify-token', t('connections.dialog.cloud.verifyTokenHint')) : null}
    </fieldset>
  );
}
