/**
 * The edit dialog's fields for what the conversation engine reads (spec document 2 "Connections page"): queue
 * redirection (general tab), collective vacation (messages tab), and the chatbot, assessments and schedules tabs.
 * Each part gets the form's values and errors and hands changes back through `apply`, as the dialog's own fields do.
 */
import {
  BOT_USES_MAX,
  ENGINE_MINUTES_MAX,
  EXPIRES_TICKET_HOURS_MAX,
  TIME_CREATE_NEW_TICKET_MAX,
  whenExpiresTicketValues,
  type WhenExpiresTicket,
} from '@switchboard/shared/contracts/connections';
import { weekIssues } from '@switchboard/shared/weekly-hours';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { WeeklyHoursEditor } from '../../../components/weekly-hours-editor.tsx';
import type { ConnectionFormErrors, ConnectionFormValues } from '../utils/connection-form.ts';
import { TextAreaField } from '../../../components/textarea-field.tsx';

interface PartProps {
  values: ConnectionFormValues;
  errors: ConnectionFormErrors;
  apply: (next: ConnectionFormValues) => void;
}

type NumberField =
  | 'timeCreateNewTicket'
  | 'maxUseBotQueues'
  | 'timeUseBotQueues'
  | 'timeSendQueue'
  | 'expiresTicket'
  | 'timeInactiveMessage'
  | 'timeToReturnQueue'
  | 'expiresTicketNPS'
  | 'maxUseBotQueuesNPS';

function NumberInput({
  values,
  errors,
  apply,
  field,
  id,
  label,
  hint,
  max,
}: PartProps & { field: NumberField; id: string; label: string; hint?: string; max: number }) {
  const error = errors[field];
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <InputNumber
        inputId={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        invalid={Boolean(error)}
        value={values[field]}
        min={0}
        max={max}
        useGrouping={false}
        onValueChange={(e) => apply({ ...values, [field]: e.value ?? null })}
        data-testid={id}
      />
    </FormField>
  );
}

type MessageField = 'ratingMessage' | 'collectiveVacationMessage' | 'expiresInactiveMessage' | 'inactiveMessage';

function MessageInput({
  values,
  errors,
  apply,
  field,
  id,
  label,
  hint,
}: PartProps & { field: MessageField; id: string; label: string; hint?: string }) {
  return (
    <TextAreaField
      id={id}
      label={label}
      error={errors[field]}
      hint={hint}
      value={values[field]}
      onChange={(value) => apply({ ...values, [field]: value })}
    />
  );
}

/** General tab: a pending ticket without queue goes to this queue after so many minutes (both or neither). */
export function RedirectionFields({ queues, ...part }: PartProps & { queues: { id: number; name: string }[] }) {
  const { t } = useTranslation();
  const { values, errors, apply } = part;
  return (
    <fieldset className="connection-fieldset" data-testid="connection-redirect">
      <legend>{t('connections.dialog.redirect.legend')}</legend>
      <p className="connection-note">{t('connections.dialog.redirect.hint')}</p>
      <div className="connection-import-dates">
        <FormField id="connection-send-queue" label={t('connections.dialog.redirect.queue')} error={errors.sendIdQueue}>
          <Dropdown
            inputId="connection-send-queue"
            aria-invalid={errors.sendIdQueue ? true : undefined}
            aria-describedby={errors.sendIdQueue ? 'connection-send-queue-error' : undefined}
            invalid={Boolean(errors.sendIdQueue)}
            value={values.sendIdQueue}
            options={queues}
            optionLabel="name"
            optionValue="id"
            showClear
            placeholder={t('connections.dialog.redirect.queuePlaceholder')}
            emptyMessage={t('connections.dialog.noQueues')}
            onChange={(e) => apply({ ...values, sendIdQueue: (e.value as number | null | undefined) ?? null })}
            className="w-full"
            data-testid="connection-send-queue"
          />
        </FormField>
        <NumberInput
          {...part}
          field="timeSendQueue"
          id="connection-send-queue-time"
          label={t('connections.dialog.redirect.time')}
          max={ENGINE_MINUTES_MAX}
        />
      </div>
    </fieldset>
  );
}

/** Messages tab: the collective vacation's days and its message (the days are required with a message). */
export function VacationFields(part: PartProps) {
  const { t } = useTranslation();
  const { values, errors, apply } = part;
  const day = (field: 'collectiveVacationStart' | 'collectiveVacationEnd', id: string, label: string) => (
    <FormField id={id} label={label} error={errors[field]}>
      <InputText
        {...fieldA11y(id, errors[field])}
        type="date"
        min={field === 'collectiveVacationEnd' ? values.collectiveVacationStart || undefined : undefined}
        invalid={Boolean(errors[field])}
        value={values[field]}
        onChange={(e) => apply({ ...values, [field]: e.target.value })}
      />
    </FormField>
  );
  return (
    <fieldset className="connection-fieldset" data-testid="connection-vacation">
      <legend>{t('connections.dialog.vacation.legend')}</legend>
      <p className="connection-note">{t('connections.dialog.vacation.hint')}</p>
      <div className="connection-import-dates">
        {day('collectiveVacationStart', 'connection-vacation-start', t('connections.dialog.vacation.start'))}
        {day('collectiveVacationEnd', 'connection-vacation-end', t('connections.dialog.vacation.end'))}
      </div>
      <MessageInput
        {...part}
        field="collectiveVacationMessage"
        id="connection-vacation-message"
        label={t('connections.dialog.vacation.message')}
      />
    </fieldset>
  );
}

/** Chatbot tab: reopening, the menu's limits, and what happens to idle tickets. */
export function ChatbotTab(part: PartProps) {
  const { t } = useTranslation();
  const { values, apply } = part;
  const label = (key: string) => t(`connections.dialog.chatbot.${key}`);
  return (
    <>
      <NumberInput
        {...part}
        field="timeCreateNewTicket"
        id="connection-time-new-ticket"
        label={t('connections.dialog.timeCreateNewTicket')}
        hint={t('connections.dialog.timeCreateNewTicketHint')}
        max={TIME_CREATE_NEW_TICKET_MAX}
      />
      <div className="connection-import-dates">
        <NumberInput
          {...part}
          field="maxUseBotQueues"
          id="connection-max-bot-uses"
          label={label('maxUseBotQueues')}
          hint={label('maxUseBotQueuesHint')}
          max={BOT_USES_MAX}
        />
        <NumberInput
          {...part}
          field="timeUseBotQueues"
          id="connection-bot-time"
          label={label('timeUseBotQueues')}
          hint={label('timeUseBotQueuesHint')}
          max={ENGINE_MINUTES_MAX}
        />
      </div>
      <div className="connection-import-dates">
        <NumberInput
          {...part}
          field="expiresTicket"
          id="connection-expires-ticket"
          label={label('expiresTicket')}
          hint={label('expiresTicketHint')}
          max={EXPIRES_TICKET_HOURS_MAX}
        />
        <FormField id="connection-when-expires" label={label('whenExpiresTicket')}>
          <Dropdown
            inputId="connection-when-expires"
            value={values.whenExpiresTicket}
            options={whenExpiresTicketValues.map((v) => ({ value: v, label: label(`whenExpiresTicketOptions.${v}`) }))}
            onChange={(e) => apply({ ...values, whenExpiresTicket: e.value as WhenExpiresTicket })}
            className="w-full"
            data-testid="connection-when-expires"
          />
        </FormField>
      </div>
      <MessageInput
        {...part}
        field="expiresInactiveMessage"
        id="connection-expires-message"
        label={label('expiresInactiveMessage')}
      />
      <MessageInput {...part} field="inactiveMessage" id="connection-inactive-message" label={label('inactiveMessage')} />
      <div className="connection-import-dates">
        <NumberInput
          {...part}
          field="timeInactiveMessage"
          id="connection-inactive-time"
          label={label('timeInactiveMessage')}
          hint={label('timeInactiveMessageHint')}
          max={ENGINE_MINUTES_MAX}
        />
        <NumberInput
          {...part}
          field="timeToReturnQueue"
          id="connection-return-queue-time"
          label={label('timeToReturnQueue')}
          hint={label('timeToReturnQueueHint')}
          max={ENGINE_MINUTES_MAX}
        />
      </div>
    </>
  );
}

/** Assessments tab: the NPS rating question, how often it is asked, and when an unanswered one closes. */
export function AssessmentsTab(part: PartProps) {
  const { t } = useTranslation();
  const label = (key: string) => t(`connections.dialog.assessments.${key}`);
  return (
    <>
      <MessageInput
        {...part}
        field="ratingMessage"
        id="connection-rating-message"
        label={label('ratingMessage')}
        hint={label('ratingMessageHint')}
      />
      <div className="connection-import-dates">
        <NumberInput
          {...part}
          field="maxUseBotQueuesNPS"
          id="connection-max-rating-uses"
          label={label('maxUseBotQueuesNPS')}
          max={BOT_USES_MAX}
        />
        <NumberInput
          {...part}
          field="expiresTicketNPS"
          id="connection-rating-expiry"
          label={label('expiresTicketNPS')}
          hint={label('expiresTicketNPSHint')}
          max={ENGINE_MINUTES_MAX}
        />
      </div>
    </>
  );
}

/** Schedules tab (scheduleType 'connection'): the connection's week; the times to fix are marked once a save was refused. */
export function ConnectionSchedulesTab({ values, errors, apply }: PartProps) {
  const { t } = useTranslation();
  const issues = errors.schedules ? weekIssues(values.schedules) : [];
  return (
    <>
      <p className="connection-note">{t('connections.dialog.schedules.intro')}</p>
      <div className="connection-hours">
        <WeeklyHoursEditor
          schedules={values.schedules}
          onChange={(schedules) => apply({ ...values, schedules })}
          caption={t('connections.dialog.schedules.caption')}
          testId="connection-hours"
          issues={issues}
        />
      </div>
      {errors.schedules ? (
        <p className="form-field__error" role="alert" data-testid="connection-hours-error">
          {t(errors.schedules, { defaultValue: errors.schedules })}
        </p>
      ) : null}
    </>
  );
}
