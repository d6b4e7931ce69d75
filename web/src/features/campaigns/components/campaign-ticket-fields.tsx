import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { Picker } from '../../../components/picker.tsx';
import { withOpenTicket, type CampaignFormErrors, type CampaignFormValues } from '../utils/campaign-form.ts';

/** The ticket a reply opens: whether one opens, and its user, queue and status. */
export function CampaignTicketFields({
  values,
  errors,
  apply,
  locks,
}: {
  values: CampaignFormValues;
  errors: CampaignFormErrors;
  apply: (next: CampaignFormValues) => void;
  locks: { settings: boolean; ticket: boolean };
}) {
  const { t } = useTranslation();
  const statusOptions = (['closed', 'pending', 'open'] as const).map((s) => ({
    value: s,
    label: t(`campaigns.dialog.statusTicket.${s}`),
  }));
  return (
    <fieldset className="campaign-form__ticket">
      <legend>{t('campaigns.dialog.ticketLegend')}</legend>
      <div className="campaign-form__switch">
        <InputSwitch
          inputId="campaign-open-ticket"
          checked={values.openTicket}
          disabled={locks.settings}
          onChange={(e) => apply(withOpenTicket(values, Boolean(e.value)))}
        />
        <label htmlFor="campaign-open-ticket">{t('campaigns.dialog.openTicket')}</label>
      </div>
      <div className="campaign-form__row campaign-form__row--three">
        <FormField id="campaign-user" label={t('campaigns.dialog.user')} error={errors.userId}>
          <Picker
            source="users"
            inputId="campaign-user"
            value={values.userId}
            onChange={(id) => apply({ ...values, userId: id })}
            placeholder={t('campaigns.dialog.none')}
            showClear
            disabled={locks.ticket}
            appendTo={document.body}
            className="w-full"
            testId="campaign-user"
          />
        </FormField>
        <FormField id="campaign-queue" label={t('campaigns.dialog.queue')} error={errors.queueId}>
          <Picker
            source="queues"
            inputId="campaign-queue"
            value={values.queueId}
            onChange={(id) => apply({ ...values, queueId: id })}
            placeholder={t('campaigns.dialog.none')}
            showClear
            disabled={locks.ticket}
            invalid={Boolean(errors.queueId)}
            ariaDescribedBy={errors.queueId ? 'campaign-queue-error' : undefined}
            appendTo={document.body}
            className="w-full"
            testId="campaign-queue"
          />
        </FormField>
        <FormField id="campaign-status-ticket" label={t('campaigns.dialog.statusTicketLabel')}>
          <Dropdown
            inputId="campaign-status-ticket"
            value={values.statusTicket}
            options={statusOptions}
            onChange={(e) => apply({ ...values, statusTicket: e.value as CampaignFormValues['statusTicket'] })}
            disabled={locks.ticket}
            appendTo={document.body}
            className="w-full"
            data-testid="campaign-status-ticket"
          />
        </FormField>
      </div>
    </fieldset>
  );
}
