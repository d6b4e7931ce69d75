import type { Connection } from '@switchboard/shared/contracts/connections';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import type { ConnectionCredentials } from '../hooks/use-connection-credentials.ts';
import { widgetEmbedSnippet, type ConnectionFormPart } from '../utils/connection-form.ts';
import { CredentialRow } from './connection-credentials.tsx';

/** The web chat widget's colour, picked or typed as #rrggbb. */
export function WebchatColorField({ values, errors, apply }: ConnectionFormPart) {
  const { t } = useTranslation();
  return (
    <FormField id="connection-color" label={t('connections.dialog.color')} error={errors.color}>
      <div className="connection-color">
        <input
          {...fieldA11y('connection-color', errors.color)}
          type="color"
          className="connection-color__swatch"
          value={/^#[0-9a-fA-F]{6}$/.test(values.color) ? values.color : '#000000'}
          onChange={(e) => apply({ ...values, color: e.target.value })}
        />
        <InputText
          aria-label={t('connections.dialog.colorHex')}
          className="connection-color__hex"
          invalid={Boolean(errors.color)}
          maxLength={7}
          value={values.color}
          onChange={(e) => apply({ ...values, color: e.target.value.trim() })}
          data-testid="connection-color-hex"
        />
      </div>
    </FormField>
  );
}

/** A saved web chat's public widget key and the tag that embeds the widget in a site; before the first save, a note. */
export function WebchatWidgetFields({
  record,
  credentials,
}: {
  record: Connection | undefined;
  credentials: ConnectionCredentials;
}) {
  const { t } = useTranslation();
  if (!record) return <p className="connection-note">{t('connections.dialog.tokenAfterSave')}</p>;
  const widgetKey = record.widgetKey ?? null;
  if (!widgetKey) return null;
  return (
    <>
      <FormField
        id="connection-widget-key"
        label={t('connections.dialog.widgetKey')}
        hint={t('connections.dialog.widgetKeyHint')}
      >
        <CredentialRow which="widgetKey" value={widgetKey} credentials={credentials} />
      </FormField>
      <FormField id="connection-embed" label={t('connections.dialog.embed')} hint={t('connections.dialog.embedHint')}>
        <div className="connection-copy-row">
          <InputTextarea
            id="connection-embed"
            readOnly
            rows={3}
            value={widgetEmbedSnippet(window.location.origin, widgetKey)}
            className="connection-copy-row__value connection-copy-row__code"
            data-testid="connection-embed"
          />
          <Button
            type="button"
            outlined
            icon="pi pi-copy"
            aria-label={t('connections.dialog.copyEmbed')}
            tooltip={t('connections.dialog.copyEmbed')}
            tooltipOptions={{ position: 'top' }}
            onClick={() => credentials.copy(widgetEmbedSnippet(window.location.origin, widgetKey))}
            data-testid="connection-copy-embed"
          />
        </div>
      </FormField>
    </>
  );
}
