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
import type { ReactNode } from 'react';
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

/**
 * One engine field of a tab: a number (with its upper bound) or a message, labelled by the tab's text keyed by the
 * field's name, and with `hint` by the text keyed `<field>Hint` under it.
 */
type EngineSpec = { id: string; hint?: boolean } & ({ field: NumberField; max: number } | { field: MessageField });

/** The engine fields of `specs`, one under the other. */
function EngineInputs({ part, label, specs }: { part: PartProps; label: (key: string) => string; specs: EngineSpec[] }) {
  return specs.map(({ hint, ...spec }) => {
    const texts = { label: label(spec.field), hint: hint ? label(`${spec.field}Hint`) : undefined };
    return 'max' in spec ? (
      <NumberInput key={spec.field} {...part} {...spec} {...texts} />
    ) : (
      <MessageInput key={spec.field} {...part} {...spec} {...texts} />
    );
  });
}

/** Engine fields side by side; `children` closes the row. */
function EngineRow(props: { part: PartProps; label: (key: string) => string; specs: EngineSpec[]; children?: ReactNode }) {
  return (
    <div className="connection-import-dates">
      <EngineInputs {...props} />
      {props.children}
    </div>
  );
}

const NEW_TICKET: EngineSpec[] = [
  { field: 'timeCreateNewTicket', id: 'connection-time-new-ticket', max: TIME_CREATE_NEW_TICKET_MAX, hint: true },
];
const BOT_LIMITS: EngineSpec[] = [
  { field: 'maxUseBotQueues', id: 'connection-max-bot-uses', max: BOT_USES_MAX, hint: true },
  { field: 'timeUseBotQueues', id: 'connection-bot-time', max: ENGINE_MINUTES_MAX, hint: true },
];
const EXPIRY: EngineSpec[] = [
  { field: 'expiresTicket', id: 'connection-expires-ticket', max: EXPIRES_TICKET_HOURS_MAX, hint: true },
];
const IDLE_MESSAGES: EngineSpec[] = [
  { field: 'expiresInactiveMessage', id: 'connection-expires-message' },
  { field: 'inactiveMessage', id: 'connection-inactive-message' },
];
const IDLE_TIMES: EngineSpec[] = [
  { field: 'timeInactiveMessage', id: 'connection-inactive-time', max: ENGINE_MINUTES_MAX, hint: true },
  { field: 'timeToReturnQueue', id: 'connection-return-queue-time', max: ENGINE_MINUTES_MAX, hint: true },
];
const RATING_MESSAGE: EngineSpec[] = [{ field: 'ratingMessage', id: 'connection-rating-message', hint: true }];
const RATING_LIMITS: EngineSpec[] = [
  { field: 'maxUseBotQueuesNPS', id: 'connection-max-rating-uses', max: BOT_USES_MAX },
  { field: 'expiresTicketNPS', id: 'connection-rating-expiry', max: ENGINE_MINUTES_MAX, hint: true },
];

/** Chatbot tab: reopening, the menu's limits, and what happens to idle tickets. */
export function ChatbotTab(part: PartProps) {
  const { t } = useTranslation();
  const { values, apply } = part;
  const label = (key: string) => t(`connections.dialog.chatbot.${key}`);
  return (
    <>
      <EngineInputs part={part} label={(key) => t(`connections.dialog.${key}`)} specs={NEW_TICKET} />
      <EngineRow part={part} label={label} specs={BOT_LIMITS} />
      <EngineRow part={part} label={label} specs={EXPIRY}>
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
      </EngineRow>
      <EngineInputs part={part} label={label} specs={IDLE_MESSAGES} />
      <EngineRow part={part} label={label} specs={IDLE_TIMES} />
    </>
  );
}

/** Assessments tab: the NPS rating question, how often it is asked, and when an unanswered one closes. */
export function AssessmentsTab(part: PartProps) {
  const { t } = useTranslation();
  const label = (key: string) => t(`connections.dialog.assessments.${key}`);
  return (
    <>
      <EngineInputs part={part} label={label} specs={RATING_MESSAGE} />
      <EngineRow part={part} label={label} specs={RATING_LIMITS} />
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
