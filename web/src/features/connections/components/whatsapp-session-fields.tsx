import type { Connection } from '@switchboard/shared/contracts/connections';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { importResetsSession, localDay, twoYearsBefore, type ConnectionFormPart } from '../utils/connection-form.ts';

/** A WhatsApp QR session's groups: whether group messages are received, and whether a group's open a ticket of the group. */
export function WhatsAppGroupFields({ values, apply }: Pick<ConnectionFormPart, 'values' | 'apply'>) {
  const { t } = useTranslation();
  return (
    <>
      <div className="connection-check">
        <Checkbox
          inputId="connection-allow-group"
          checked={values.allowGroup}
          onChange={(e) => apply({ ...values, allowGroup: Boolean(e.checked) })}
          data-testid="connection-allow-group"
        />
        <label htmlFor="connection-allow-group">{t('connections.dialog.allowGroup')}</label>
      </div>
      <FormField
        id="connection-group-as-ticket"
        label={t('connections.dialog.groupAsTicket')}
        hint={t('connections.dialog.groupAsTicketHint')}
      >
        <Dropdown
          inputId="connection-group-as-ticket"
          value={values.groupAsTicket}
          options={(['disabled', 'enabled'] as const).map((v) => ({
            value: v,
            label: t(`connections.dialog.groupAsTicketOptions.${v}`),
          }))}
          onChange={(e) => apply({ ...values, groupAsTicket: e.value as 'enabled' | 'disabled' })}
          className="w-full"
          data-testid="connection-group-as-ticket"
        />
      </FormField>
    </>
  );
}

/** A saved WhatsApp QR session's import of old messages: the range of days, the queue, and what happens after. */
export function WhatsAppImportFields({
  record,
  queues,
  values,
  errors,
  apply,
}: ConnectionFormPart & { record: Connection; queues: { id: number; name: string }[] }) {
  const { t } = useTranslation();
  const today = localDay();
  return (
    <fieldset className="connection-fieldset" data-testid="connection-import">
      <legend>{t('connections.dialog.import.legend')}</legend>
      <div className="connection-check">
        <InputSwitch
          inputId="connection-import-enabled"
          checked={values.importEnabled}
          onChange={(e) => apply({ ...values, importEnabled: Boolean(e.value) })}
          data-testid="connection-import-enabled"
        />
        <label htmlFor="connection-import-enabled">{t('connections.dialog.import.enabled')}</label>
      </div>
      {values.importEnabled ? (
        <>
          {importResetsSession(record, values) ? (
            <p className="connection-warning" role="status" data-testid="connection-import-warning">
              <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {t('connections.dialog.import.connectedWarning')}
            </p>
          ) : null}
          <div className="connection-import-dates">
            <FormField id="connection-import-old" label={t('connections.dialog.import.oldDate')} error={errors.importOldMessages}>
              <InputText
                {...fieldA11y('connection-import-old', errors.importOldMessages)}
                type="date"
                min={twoYearsBefore(today)}
                max={today}
                invalid={Boolean(errors.importOldMessages)}
                value={values.importOldMessages}
                onChange={(e) => apply({ ...values, importOldMessages: e.target.value })}
              />
            </FormField>
            <FormField
              id="connection-import-recent"
              label={t('connections.dialog.import.recentDate')}
              error={errors.importRecentMessages}
            >
              <InputText
                {...fieldA11y('connection-import-recent', errors.importRecentMessages)}
                type="date"
                min={values.importOldMessages || twoYearsBefore(today)}
                max={today}
                invalid={Boolean(errors.importRecentMessages)}
                value={values.importRecentMessages}
                onChange={(e) => apply({ ...values, importRecentMessages: e.target.value })}
              />
            </FormField>
          </div>
          <FormField
            id="connection-import-queue"
            label={t('connections.dialog.import.queue')}
            error={errors.queueIdImportMessages}
          >
            <Dropdown
              inputId="connection-import-queue"
              aria-invalid={errors.queueIdImportMessages ? true : undefined}
              aria-describedby={errors.queueIdImportMessages ? 'connection-import-queue-error' : undefined}
              invalid={Boolean(errors.queueIdImportMessages)}
              value={values.queueIdImportMessages}
              options={queues}
              optionLabel="name"
              optionValue="id"
              placeholder={t('connections.dialog.import.queuePlaceholder')}
              emptyMessage={t('connections.dialog.noQueues')}
              onChange={(e) => apply({ ...values, queueIdImportMessages: (e.value as number | null) ?? null })}
              className="w-full"
              data-testid="connection-import-queue"
            />
          </FormField>
          <div className="connection-check">
            <Checkbox
              inputId="connection-import-groups"
              checked={values.importOldMessagesGroups}
              onChange={(e) => apply({ ...values, importOldMessagesGroups: Boolean(e.checked) })}
              data-testid="connection-import-groups"
            />
            <label htmlFor="connection-import-groups">{t('connections.dialog.import.groups')}</label>
          </div>
          <div className="connection-check">
            <Checkbox
              inputId="connection-import-close-after"
              checked={values.closedTicketsPostImported}
              onChange={(e) => apply({ ...values, closedTicketsPostImported: Boolean(e.checked) })}
              data-testid="connection-import-close-after"
            />
            <label htmlFor="connection-import-close-after">{t('connections.dialog.import.closeAfter')}</label>
          </div>
        </>
      ) : null}
    </fieldset>
  );
}
