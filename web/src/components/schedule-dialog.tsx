import { scheduleDayRules, scheduleIntervals, type Schedule } from '@switchboard/shared/contracts/schedules';
import { ticketVariables } from '@switchboard/shared/message-variables';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dialog } from 'primereact/dialog';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { systemClock, type Clock } from '../lib/clock.ts';
import { useCompanySetting } from '../lib/company-setting.ts';
import {
  emptyScheduleForm,
  isAcceptedScheduleMedia,
  SCHEDULE_MEDIA_ACCEPT,
  scheduleBodyOf,
  scheduleFormOf,
  validateScheduleForm,
  type ScheduleFormErrors,
  type ScheduleFormValues,
} from '../lib/schedule-form.ts';
import { useSaveSchedule, type ScheduleMediaChange } from '../lib/schedules-api.ts';
import { useToast } from '../lib/toast.tsx';
import { instantOf, wallClockOf } from '../lib/zoned-time.ts';
import { Picker, SearchPicker } from './picker.tsx';
import { CheckField, DropdownField, NumberField } from './choice-fields.tsx';
import { FormField } from './form-field.tsx';
import { VariablesHelper } from './variables-helper.tsx';
import './schedule-dialog.css';
import { DialogActions } from './dialog-actions.tsx';
import { TextAreaField } from './textarea-field.tsx';

type Picked = { id: number; name: string; number?: string };

export interface ScheduleDialogProps {
  visible: boolean;
  onHide(): void;
  /** the schedule being edited; a new one otherwise */
  schedule?: Schedule;
  /** the contact a new schedule is for (from a ticket, or the page's contactId parameter) */
  contact?: Picked;
  /** the contact cannot be changed (the ticket screen's schedule modal) */
  lockContact?: boolean;
  onSaved?(schedule: Schedule): void;
  /** where "now" comes from for the default send time */
  clock?: Clock;
}

/** The schedule modal of the /schedules page and of the ticket screen (spec document 1 "Schedule form"). */
export function ScheduleDialog(props: ScheduleDialogProps) {
  // a fresh form each time the dialog opens
  return props.visible ? <ScheduleDialogBody {...props} /> : null;
}

function ScheduleDialogBody({
  visible,
  onHide,
  schedule,
  contact,
  lockContact,
  onSaved,
  clock = systemClock,
}: ScheduleDialogProps) {
  const { t } = useTranslation();
  // the picker shows and takes the company's local time, whatever the browser's zone
  const zone = useCompanySetting('timeZone') ?? '';
  const toast = useToast();
  const save = useSaveSchedule();
  const [values, setValues] = useState<ScheduleFormValues>(() =>
    schedule ? scheduleFormOf(schedule) : emptyScheduleForm(clock.now(), contact ?? null),
  );
  const [errors, setErrors] = useState<ScheduleFormErrors>({});
  const [media, setMedia] = useState<ScheduleMediaChange>({ kind: 'keep' });
  const fileInput = useRef<HTMLInputElement>(null);

  const set = <K extends keyof ScheduleFormValues>(key: K, value: ScheduleFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const intervalOptions = scheduleIntervals.map((n) => ({ label: t(`schedules.dialog.intervals.${n}`), value: n }));
  const dayRuleOptions = scheduleDayRules.map((n) => ({ label: t(`schedules.dialog.dayRules.${n}`), value: n }));
  const openOptions = [
    { label: t('schedules.dialog.enabled'), value: 'enabled' },
    { label: t('schedules.dialog.disabled'), value: 'disabled' },
  ];
  const statusOptions = [
    { label: t('schedules.dialog.closed'), value: 'closed' },
    { label: t('schedules.dialog.open'), value: 'open' },
  ];

  /** a lookup of the account's records after a choice of none (`empty`), which is also its placeholder */
  const picker = (
    source: 'connections' | 'users' | 'queues',
    key: 'whatsappId' | 'ticketUserId' | 'queueId',
    id: string,
    label: string,
    empty: string,
  ) => (
    <FormField id={id} label={t(`schedules.dialog.${label}`)}>
      <Picker
        source={source}
        inputId={id}
        placeholder={empty}
        leading={[{ id: null, name: empty }]}
        value={values[key]}
        onChange={(picked) => set(key, picked)}
        className="w-full"
        appendTo={document.body}
      />
    </FormField>
  );
  /** a fixed list whose label key is the field's own name */
  const choice = <K extends 'openTicket' | 'statusTicket' | 'intervalo' | 'tipoDias'>(
    key: K,
    id: string,
    options: { label: string; value: string | number }[],
  ) => (
    <DropdownField<ScheduleFormValues[K]>
      id={id}
      label={t(`schedules.dialog.${String(key)}`)}
      value={values[key]}
      onChange={(picked) => set(key, picked)}
      options={options}
      className="w-full"
      appendTo={document.body}
    />
  );
  const count = (key: 'valorIntervalo' | 'enviarQuantasVezes', id: string, min: number) => (
    <NumberField
      id={id}
      label={t(`schedules.dialog.${key}`)}
      value={values[key]}
      onChange={(n) => set(key, n)}
      fallback={min}
      min={min}
      max={1000}
      showButtons
      className="w-full"
    />
  );

  const currentMediaName =
    media.kind === 'upload' ? media.file.name : media.kind === 'remove' ? null : (schedule?.mediaName ?? null);

  const pickFile = (file: File | undefined) => {
    if (!file) return;
    if (!isAcceptedScheduleMedia(file)) {
      setErrors((e) => ({ ...e, media: 'schedules.dialog.badMedia' }));
      return;
    }
    setErrors((e) => ({ ...e, media: undefined }));
    setMedia({ kind: 'upload', file });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateScheduleForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: schedule?.id, body: scheduleBodyOf(values), media },
      {
        onSuccess: (saved) => {
          toast.success(t('schedules.toasts.saved'));
          if (media.kind === 'remove') toast.success(t('schedules.toasts.mediaDeleted'));
          onSaved?.(saved);
          onHide();
        },
        onError: (error) => toast.error(error),
      },
    );
  };

  const footer = (
    <DialogActions
      onCancel={onHide}
      confirm={{
        label: t('common.save'),
        icon: 'pi pi-check',
        form: 'schedule-form',
        loading: save.isPending,
        testId: 'schedule-save',
      }}
    />
  );

  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={schedule ? t('schedules.dialog.editTitle') : t('schedules.dialog.addTitle')}
      footer={footer}
      style={{ width: 'min(40rem, 96vw)' }}
      modal
      data-testid="schedule-dialog"
    >
      <form id="schedule-form" className="schedule-form" onSubmit={submit} noValidate>
        <FormField id="schedule-contact" label={t('schedules.dialog.contact')} error={errors.contact}>
          {lockContact && values.contact ? (
            <span className="schedule-form__fixed" id="schedule-contact" data-testid="schedule-contact-fixed">
              {values.contact.name}
            </span>
          ) : (
            <SearchPicker
              source="contacts"
              id="schedule-contact"
              value={values.contact ?? undefined}
              onChange={(c) => set('contact', c ? { id: c.id, name: c.name } : null)}
              invalid={Boolean(errors.contact)}
            />
          )}
        </FormField>
        <TextAreaField
          id="schedule-body"
          label={t('schedules.dialog.body')}
          rows={4}
          error={errors.body}
          value={values.body}
          onChange={(value) => set('body', value)}
          autoFocus
          className="w-full"
          testId="schedule-body"
          after={
            <VariablesHelper
              targetId="schedule-body"
              value={values.body}
              onChange={(body) => set('body', body)}
              variables={ticketVariables}
            />
          }
        />
        <div className="schedule-form__row">
          <FormField
            id="schedule-send-at"
            label={t('schedules.dialog.sendAt')}
            error={errors.sendAt}
            hint={zone ? t('common.inTimeZone', { zone }) : undefined}
          >
            <Calendar
              inputId="schedule-send-at"
              value={values.sendAt && wallClockOf(values.sendAt, zone)}
              onChange={(ev) => {
                const picked = (ev.value as Date | null | undefined) ?? null;
                set('sendAt', picked && instantOf(picked, zone));
              }}
              showTime
              hourFormat="24"
              dateFormat="dd/mm/yy"
              showIcon
              appendTo={document.body}
              inputClassName="w-full"
              className="w-full"
            />
          </FormField>
          {picker('connections', 'whatsappId', 'schedule-connection', 'connection', t('schedules.dialog.connectionDefault'))}
        </div>
        <div className="schedule-form__row">
          {choice('openTicket', 'schedule-open-ticket', openOptions)}
          {choice('statusTicket', 'schedule-status-ticket', statusOptions)}
        </div>
        <div className="schedule-form__row">
          {picker('users', 'ticketUserId', 'schedule-user', 'ticketUser', t('schedules.dialog.none'))}
          {picker('queues', 'queueId', 'schedule-queue', 'queue', t('schedules.dialog.none'))}
        </div>
        <div className="schedule-form__row schedule-form__row--three">
          {choice('intervalo', 'schedule-interval', intervalOptions)}
          {count('valorIntervalo', 'schedule-interval-value', 0)}
          {count('enviarQuantasVezes', 'schedule-repeat', 1)}
        </div>
        {choice('tipoDias', 'schedule-day-rule', dayRuleOptions)}
        <CheckField
          id="schedule-sign"
          label={t('schedules.dialog.assinar')}
          value={values.assinar}
          onChange={(assinar) => set('assinar', assinar)}
          className="schedule-form__check"
        />
        <FormField
          id="schedule-media"
          label={t('schedules.dialog.attachment')}
          error={errors.media}
          hint={t('schedules.dialog.attachmentHint')}
        >
          <div className="schedule-form__media">
            <input
              ref={fileInput}
              id="schedule-media"
              type="file"
              accept={SCHEDULE_MEDIA_ACCEPT}
              hidden
              onChange={(ev) => {
                pickFile(ev.target.files?.[0]);
                ev.target.value = '';
              }}
              data-testid="schedule-media-input"
            />
            <Button
              type="button"
              icon="pi pi-paperclip"
              label={t('schedules.dialog.attach')}
              severity="secondary"
              outlined
              onClick={() => fileInput.current?.click()}
            />
            {currentMediaName ? (
              <span className="schedule-form__media-name" data-testid="schedule-media-name">
                {currentMediaName}
                <Button
                  type="button"
                  icon="pi pi-times"
                  text
                  rounded
                  severity="danger"
                  aria-label={t('schedules.dialog.removeAttachment')}
                  onClick={() => setMedia(schedule?.mediaName ? { kind: 'remove' } : { kind: 'keep' })}
                />
              </span>
            ) : null}
          </div>
        </FormField>
      </form>
    </Dialog>
  );
}
