import { traitsOf } from '@switchboard/shared/channel-traits';
import type { Channel, Connection } from '@switchboard/shared/contracts/connections';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import type { ConnectionCredentials } from '../hooks/use-connection-credentials.ts';
import type { GreetingMediaState } from '../hooks/use-greeting-media.ts';
import type { ConnectionFormPart } from '../utils/connection-form.ts';
import { CloudApiFields } from './cloud-api-fields.tsx';
import { CredentialRow } from './connection-credentials.tsx';
import { RedirectionFields } from './connection-engine-fields.tsx';
import { GreetingMediaField } from './greeting-media-field.tsx';
import { WebchatColorField, WebchatWidgetFields } from './webchat-fields.tsx';
import { WhatsAppGroupFields, WhatsAppImportFields } from './whatsapp-session-fields.tsx';

/**
 * The general tab: the fields every connection has, the section of its channel (a web chat's widget, a WhatsApp
 * session's groups and import, a Cloud API number's ids and secrets), the queue redirection and the API token.
 */
export function ConnectionGeneralTab({
  channel,
  record,
  queues,
  media,
  credentials,
  ...part
}: ConnectionFormPart & {
  channel: Channel;
  record: Connection | undefined;
  queues: { id: number; name: string }[];
  media: GreetingMediaState;
  credentials: ConnectionCredentials;
}) {
  const { t } = useTranslation();
  const { values, errors, apply } = part;
  const traits = traitsOf(channel);
  // answered only to those who manage connections, as everyone who opens this dialog does
  const token = record?.token ?? null;
  return (
    <>
      {record ? <GreetingMediaField media={media} /> : null}
      <FormField id="connection-name" label={t('connections.dialog.name')} error={errors.name}>
        <InputText
          {...fieldA11y('connection-name', errors.name)}
          autoFocus
          autoComplete="off"
          invalid={Boolean(errors.name)}
          value={values.name}
          onChange={(e) => apply({ ...values, name: e.target.value })}
        />
      </FormField>
      <div className="connection-check">
        <Checkbox
          inputId="connection-default"
          checked={values.isDefault}
          disabled={record?.isDefault === true}
          aria-describedby={record?.isDefault ? 'connection-default-hint' : undefined}
          onChange={(e) => apply({ ...values, isDefault: Boolean(e.checked) })}
          data-testid="connection-default"
        />
        <label htmlFor="connection-default">{t('connections.dialog.isDefault')}</label>
      </div>
      {record?.isDefault ? (
        <small id="connection-default-hint" className="form-field__hint connection-check__hint">
          {t('connections.dialog.defaultLocked')}
        </small>
      ) : null}
      {traits.widgetKey ? <WebchatColorField {...part} /> : null}
      {traits.qrSession && record ? <WhatsAppGroupFields values={values} apply={apply} /> : null}
      {traits.qrSession && record ? <WhatsAppImportFields record={record} queues={queues} {...part} /> : null}
      {traits.graphAccount === 'phone-number' ? <CloudApiFields record={record} copy={credentials.copy} {...part} /> : null}
      <RedirectionFields values={values} errors={errors} apply={apply} queues={queues} />
      {record && token ? (
        <FormField id="connection-token" label={t('connections.dialog.token')} hint={t('connections.dialog.tokenHint')}>
          <CredentialRow which="token" value={token} credentials={credentials} />
        </FormField>
      ) : null}
      {traits.widgetKey ? <WebchatWidgetFields record={record} credentials={credentials} /> : null}
    </>
  );
}
