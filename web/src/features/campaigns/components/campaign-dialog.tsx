import {
  confirmationFields,
  messageFields,
  type Campaign,
  type ConfirmationField,
  type MessageField,
} from '@switchboard/shared/contracts/campaigns';
import { campaignChannelIssue, canSendCampaigns } from '@switchboard/shared/campaign-channels';
import { acceptAttribute, mediaProblem } from '@switchboard/shared/media-types';
import { campaignVariables } from '@switchboard/shared/message-variables';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { Picker, PickerChoice, type PickerItem } from '../../../components/picker.tsx';
import { TabStrip, tabId } from '../../../components/tab-strip.tsx';
import { VariablesHelper } from '../../../components/variables-helper.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { useCompanySetting } from '../../../lib/company-setting.ts';
import { useConnectionList, useContactListPicks } from '../../../lib/lookups.ts';
import { useToast } from '../../../lib/toast.tsx';
import { instantOf, wallClockOf } from '../../../lib/zoned-time.ts';
import { useCampaign } from '../api/get-campaign.ts';
import { useCampaignSettings } from '../api/get-campaign-settings.ts';
import { useConnectionTemplates } from '../api/get-connection-templates.ts';
import { useSaveCampaign, type MediaChange } from '../api/save-campaign.ts';
import {
  attachmentName,
  campaignBodyOf,
  campaignFormOf,
  editModeOf,
  emptyCampaignForm,
  fieldLocks,
  firstTextWithError,
  messageKeyOf,
  paramFor,
  paramSourceOf,
  serverFieldErrors,
  templateVariableKeys,
  validateCampaignForm,
  withConnection,
  withOpenTicket,
  withRecipients,
  withTemplate,
  type CampaignFormErrors,
  type CampaignFormValues,
  type EditMode,
} from '../utils/campaign-form.ts';

const MEDIA_ACCEPT = acceptAttribute('message');
type TextField = MessageField | ConfirmationField;

/**
 * Add a campaign (no `campaignId`) or open one: everything is editable while INATIVA or PROGRAMADA more than an hour
 * ahead, only the texts of a cancelled one, nothing otherwise (spec section 4). The record is read afresh on open.
 */
export function CampaignDialog({
  visible,
  campaignId,
  clock,
  onHide,
}: {
  visible: boolean;
  campaignId?: number;
  clock: Clock;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const record = useCampaign(campaignId ?? 0, { enabled: visible && campaignId !== undefined });
  const loading = campaignId !== undefined && !record.data;
  const placeholder = loading ? (
    record.isError ? (
      <p className="campaign-dialog__placeholder" role="alert">
        {t('campaigns.dialog.loadFailed')}
      </p>
    ) : (
      <p className="campaign-dialog__placeholder">{t('common.loading')}</p>
    )
  ) : undefined;
  return (
    <CampaignForm
      visible={visible}
      record={campaignId !== undefined ? record.data : undefined}
      loadingPlaceholder={placeholder}
      clock={clock}
      onHide={onHide}
    />
  );
}

function CampaignForm({
  visible,
  record,
  loadingPlaceholder,
  clock,
  onHide,
}: {
  visible: boolean;
  record?: Campaign;
  loadingPlaceholder?: ReactNode;
  clock: Clock;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveCampaign();
  const connections = useConnectionList({ enabled: visible });
  const contactLists = useContactListPicks({ enabled: visible });
  const settings = useCampaignSettings();
  // the picker shows and takes the company's local time, whatever the browser's zone
  const zone = useCompanySetting('timeZone') ?? '';
  const [values, setValues] = useState<CampaignFormValues>(emptyCampaignForm);
  const [errors, setErrors] = useState<CampaignFormErrors>({});
  const [touched, setTouched] = useState(false);
  const [media, setMedia] = useState<MediaChange>({ kind: 'keep' });
  const [tab, setTab] = useState<TextField>('message1');
  const [mode, setMode] = useState<EditMode>('all');
  const loadedId = useRef<number | undefined | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const pending = save.isPending;

  // the form takes the record once per opening (live updates of its counts must not undo what is being typed)
  useEffect(() => {
    if (!visible) {
      loadedId.current = null;
      return;
    }
    if (loadingPlaceholder) return;
    if (loadedId.current === (record?.id ?? undefined)) return;
    loadedId.current = record?.id ?? undefined;
    setValues(record ? campaignFormOf(record) : emptyCampaignForm());
    setMode(record ? editModeOf(record, clock.now()) : 'all');
    setErrors({});
    setTouched(false);
    setMedia({ kind: 'keep' });
    setTab('message1');
  }, [visible, record, loadingPlaceholder, clock]);

  const locks = fieldLocks(mode, values.openTicket);
  const readOnly = mode === 'none';
  const channel = connections.data?.find((c) => c.id === values.whatsappId)?.channel;
  const templates = useConnectionTemplates(values.whatsappId, visible && channel === 'whatsappapi');
  const chosenTemplate = templates.data?.find(
    (x) => x.name === values.template?.name && x.language === values.template?.language,
  );

  const channelOf = (v: CampaignFormValues) => connections.data?.find((c) => c.id === v.whatsappId)?.channel;
  const apply = (next: CampaignFormValues) => {
    setValues(next);
    if (touched) return setErrors(validateCampaignForm(next, mode, channelOf(next)));
    // a connection that cannot send to the chosen recipients is said at once, before Save
    const nextChannel = channelOf(next);
    const refused = nextChannel ? campaignChannelIssue(nextChannel, next) : undefined;
    setErrors(refused ? { [refused.field]: messageKeyOf(refused.message) } : {});
  };
  const set = <K extends keyof CampaignFormValues>(field: K, value: CampaignFormValues[K]) =>
    apply({ ...values, [field]: value });

  // only connections whose channel can send a campaign are offered; an older campaign's own connection stays shown
  const chosenConnection = values.whatsappId;
  const campaignConnections = useCallback(
    (items: PickerItem[]) =>
      items.filter((item) => !item.channel || canSendCampaigns(item.channel) || item.id === chosenConnection),
    [chosenConnection],
  );

  // spec: the tag choice offers only tags that have contacts; the campaign's own tag stays, so that opening it shows it
  const chosenTag = values.tagListId;
  const tagsWithContacts = useCallback(
    (items: PickerItem[]) => items.filter((item) => (item.contactCount ?? 0) > 0 || item.id === chosenTag),
    [chosenTag],
  );
  const tagOption = (item: PickerItem) => (
    <span className="campaign-form__tag-option">
      <PickerChoice item={item} />
      <span className="campaign-form__tag-count">{t('campaigns.dialog.tagContacts', { count: item.contactCount ?? 0 })}</span>
    </span>
  );

  const tabs = useMemo<TextField[]>(
    () => (values.confirmation ? [...messageFields, ...confirmationFields] : [...messageFields]),
    [values.confirmation],
  );
  const shownTab: TextField = tabs.includes(tab) ? tab : 'message1';
  const tabLabel = (f: TextField) =>
    (messageFields as readonly string[]).includes(f)
      ? t('campaigns.dialog.messageTab', { n: f.slice(-1) })
      : t('campaigns.dialog.confirmationTab', { n: f.slice(-1) });

  const mediaName =
    media.kind === 'upload' ? attachmentName(media.file.name) : media.kind === 'remove' ? null : (record?.mediaName ?? null);
  const variables = [...campaignVariables, ...(settings.data?.variables ?? []).map((v) => v.key)];
  const variableKeys = templateVariableKeys(settings.data?.variables ?? []);

  const submit = () => {
    if (readOnly) return;
    const found = validateCampaignForm(values, mode, channel);
    setTouched(true);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const text = firstTextWithError(found);
      if (text && Object.keys(found).length === 1) setTab(text);
      return;
    }
    save.mutate(
      { id: record?.id, body: campaignBodyOf(values), media: mode === 'all' ? media : { kind: 'keep' } },
      {
        onSuccess: () => {
          toast.success(t('campaigns.toasts.saved'));
          onHide();
        },
        onError: (error) => {
          const onFields = isApiError(error) ? serverFieldErrors(error.body.fields) : {};
          if (Object.keys(onFields).length > 0) {
            setErrors(onFields);
            const text = firstTextWithError(onFields);
            if (text) setTab(text);
          }
          toast.error(error);
        },
      },
    );
  };

  const title = readOnly
    ? t('campaigns.dialog.viewTitle')
    : record
      ? t('campaigns.dialog.editTitle')
      : t('campaigns.dialog.addTitle');
  const statusOptions = (['closed', 'pending', 'open'] as const).map((s) => ({
    value: s,
    label: t(`campaigns.dialog.statusTicket.${s}`),
  }));
  const contactListOptions = (contactLists.data ?? []).map((l) => ({
    value: l.id,
    label: t('campaigns.dialog.contactListOption', { name: l.name, count: l.contactsCount }),
  }));

  return (
    <FormDialog
      header={title}
      visible={visible}
      onHide={onHide}
      formId="campaign-form"
      onSubmit={submit}
      busy={pending}
      saveTestId="campaign-save"
      testId="campaign-dialog"
      size="xxl"
      position="top"
      formClassName="campaign-form"
      placeholder={loadingPlaceholder}
      intro={
        mode === 'none' ? (
          <p className="campaign-dialog__note" data-testid="campaign-readonly">
            {t('campaigns.dialog.readOnly')}
          </p>
        ) : mode === 'messages' ? (
          <p className="campaign-dialog__note" data-testid="campaign-messages-only">
            {t('campaigns.dialog.messagesOnly')}
          </p>
        ) : null
      }
      footer={
        readOnly || loadingPlaceholder ? (
          <div className="dialog-footer">
            <Button type="button" label={t('campaigns.dialog.close')} onClick={onHide} />
          </div>
        ) : undefined
      }
    >
      <div className="campaign-form__row">
        <FormField id="campaign-name" label={t('campaigns.dialog.name')} error={errors.name}>
          <InputText
            {...fieldA11y('campaign-name', errors.name)}
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            disabled={locks.settings}
            invalid={Boolean(errors.name)}
            maxLength={60}
            autoComplete="off"
            autoFocus={!locks.settings}
          />
        </FormField>
        <div className="campaign-form__switch">
          <InputSwitch
            inputId="campaign-confirmation"
            checked={values.confirmation}
            disabled={locks.settings}
            onChange={(e) => set('confirmation', Boolean(e.value))}
          />
          <label htmlFor="campaign-confirmation">{t('campaigns.dialog.confirmation')}</label>
        </div>
      </div>
      <div className="campaign-form__row">
        <FormField
          id="campaign-contact-list"
          label={t('campaigns.dialog.contactList')}
          error={errors.contactListId}
          hint={t('campaigns.dialog.recipientsHint')}
        >
          <Dropdown
            inputId="campaign-contact-list"
            value={values.contactListId}
            options={contactListOptions}
            onChange={(e) => apply(withRecipients(values, { contactListId: (e.value as number | null | undefined) ?? null }))}
            placeholder={t('campaigns.dialog.none')}
            showClear
            filter
            emptyMessage={contactLists.isLoading ? t('common.loading') : t('campaigns.dialog.noContactLists')}
            disabled={locks.settings}
            invalid={Boolean(errors.contactListId)}
            aria-describedby={errors.contactListId ? 'campaign-contact-list-error' : undefined}
            appendTo={document.body}
            className="w-full"
            data-testid="campaign-contact-list"
          />
        </FormField>
        <FormField id="campaign-tag" label={t('campaigns.dialog.tagList')} error={errors.tagListId}>
          <Picker
            source="tags"
            inputId="campaign-tag"
            value={values.tagListId}
            onChange={(id) => apply(withRecipients(values, { tagListId: id }))}
            arrange={tagsWithContacts}
            itemTemplate={tagOption}
            emptyMessage={t('campaigns.dialog.noTagsWithContacts')}
            placeholder={t('campaigns.dialog.none')}
            showClear
            disabled={locks.settings}
            invalid={Boolean(errors.tagListId)}
            appendTo={document.body}
            className="w-full"
            testId="campaign-tag"
          />
        </FormField>
      </div>
      <div className="campaign-form__row">
        <FormField id="campaign-connection" label={t('campaigns.dialog.connection')} error={errors.whatsappId}>
          <Picker
            source="connections"
            arrange={campaignConnections}
            inputId="campaign-connection"
            value={values.whatsappId}
            onChange={(id) => apply(withConnection(values, id, connections.data?.find((c) => c.id === id)?.channel))}
            placeholder={t('campaigns.dialog.chooseConnection')}
            disabled={locks.settings}
            invalid={Boolean(errors.whatsappId)}
            ariaDescribedBy={errors.whatsappId ? 'campaign-connection-error' : undefined}
            appendTo={document.body}
            className="w-full"
            testId="campaign-connection"
          />
        </FormField>
        <FormField
          id="campaign-scheduled-at"
          label={t('campaigns.dialog.scheduledAt')}
          error={errors.scheduledAt}
          hint={[t('campaigns.dialog.scheduledAtHint'), zone ? t('common.inTimeZone', { zone }) : ''].filter(Boolean).join(' ')}
        >
          <Calendar
            inputId="campaign-scheduled-at"
            value={values.scheduledAt && wallClockOf(values.scheduledAt, zone)}
            onChange={(e) => {
              const picked = (e.value as Date | null | undefined) ?? null;
              set('scheduledAt', picked && instantOf(picked, zone));
            }}
            showTime
            hourFormat="24"
            dateFormat="dd/mm/yy"
            showIcon
            showButtonBar
            disabled={locks.settings}
            invalid={Boolean(errors.scheduledAt)}
            appendTo={document.body}
            inputClassName="w-full"
            className="w-full"
          />
        </FormField>
      </div>
      {channel === 'whatsappapi' ? (
        <div className="campaign-form__template" data-testid="campaign-template-section">
          <FormField
            id="campaign-template"
            label={t('campaigns.dialog.template')}
            error={errors.template}
            hint={t('campaigns.dialog.templateHint')}
          >
            <Dropdown
              inputId="campaign-template"
              value={values.template ? `${values.template.name}|${values.template.language}` : null}
              options={(templates.data ?? []).map((x) => ({
                value: `${x.name}|${x.language}`,
                label: `${x.name} (${x.language})`,
              }))}
              onChange={(e) => {
                const found = templates.data?.find((x) => `${x.name}|${x.language}` === e.value);
                apply(withTemplate(values, found ?? null));
              }}
              placeholder={t('campaigns.dialog.noTemplate')}
              showClear
              emptyMessage={
                templates.isLoading
                  ? t('common.loading')
                  : templates.isError
                    ? t('campaigns.dialog.templatesFailed')
                    : t('campaigns.dialog.noTemplates')
              }
              disabled={locks.settings}
              appendTo={document.body}
              className="w-full"
              data-testid="campaign-template"
            />
          </FormField>
          {chosenTemplate ? <p className="campaign-form__template-body">{chosenTemplate.body}</p> : null}
          {chosenTemplate?.header ? <p className="campaign-form__template-body">{chosenTemplate.header}</p> : null}
          {(['headerParams', 'params'] as const).flatMap((part) =>
            (values.template?.[part] ?? []).map((p, i) => {
              const id = `campaign-template-${part}-${i}`;
              const source = paramSourceOf(p, variableKeys);
              const change = (next: string) =>
                apply({
                  ...values,
                  template: { ...values.template!, [part]: values.template![part].map((x, j) => (j === i ? next : x)) },
                });
              return (
                <FormField
                  key={id}
                  id={id}
                  label={t(part === 'params' ? 'campaigns.dialog.templateParam' : 'campaigns.dialog.templateHeaderParam', {
                    n: i + 1,
                  })}
                >
                  <div className="campaign-form__row">
                    <Dropdown
                      value={source.kind === 'variable' ? source.key : ''}
                      options={[
                        { value: '', label: t('campaigns.dialog.fixedText') },
                        ...variableKeys.map((k) => ({ value: k, label: `{${k}}` })),
                      ]}
                      onChange={(e) =>
                        change(paramFor(e.value ? { kind: 'variable', key: String(e.value) } : { kind: 'text' }, p, variableKeys))
                      }
                      disabled={locks.settings}
                      appendTo={document.body}
                      aria-label={t('campaigns.dialog.paramSource')}
                      data-testid={`${id}-source`}
                    />
                    {source.kind === 'text' ? (
                      <InputText id={id} value={p} disabled={locks.settings} onChange={(e) => change(e.target.value)} />
                    ) : null}
                  </div>
                </FormField>
              );
            }),
          )}
        </div>
      ) : null}
      <div className="campaign-form__texts">
        <TabStrip
          tabs={tabs}
          active={shownTab}
          onChange={setTab}
          label={t('campaigns.dialog.textsLabel')}
          labelOf={tabLabel}
          idPrefix="campaign-tab"
          panelId="campaign-text-panel"
          className="campaign-form__tabs"
          extra={(f) =>
            errors[f] ? (
              <i className="pi pi-exclamation-circle campaign-form__tab-error" aria-label={t('campaigns.dialog.tabHasError')} />
            ) : null
          }
        />
        <div
          id="campaign-text-panel"
          role="tabpanel"
          aria-labelledby={tabId('campaign-tab', shownTab)}
          className="campaign-form__panel"
        >
          <FormField
            id={`campaign-${shownTab}`}
            label={tabLabel(shownTab)}
            error={errors[shownTab]}
            hint={t('campaigns.dialog.variablesHint')}
          >
            <InputTextarea
              {...fieldA11y(`campaign-${shownTab}`, errors[shownTab])}
              key={shownTab}
              rows={5}
              autoResize
              value={values[shownTab]}
              disabled={locks.texts}
              invalid={Boolean(errors[shownTab])}
              onChange={(e) => set(shownTab, e.target.value)}
              data-testid="campaign-text"
            />
            <VariablesHelper
              targetId={`campaign-${shownTab}`}
              value={values[shownTab]}
              onChange={(v) => set(shownTab, v)}
              variables={variables}
              disabled={locks.texts}
            />
          </FormField>
        </div>
      </div>
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
              onChange={(id) => set('userId', id)}
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
              onChange={(id) => set('queueId', id)}
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
              onChange={(e) => set('statusTicket', e.value as CampaignFormValues['statusTicket'])}
              disabled={locks.ticket}
              appendTo={document.body}
              className="w-full"
              data-testid="campaign-status-ticket"
            />
          </FormField>
        </div>
      </fieldset>
      <div className="campaign-form__media">
        <i className="pi pi-paperclip" aria-hidden="true" />
        <span className="campaign-form__media-name" data-testid="campaign-media-name">
          {mediaName ?? t('campaigns.dialog.noAttachment')}
        </span>
        {!locks.settings ? (
          <>
            <Button
              type="button"
              size="small"
              outlined
              icon="pi pi-upload"
              label={t('campaigns.dialog.attach')}
              onClick={() => fileInput.current?.click()}
              disabled={pending}
              data-testid="campaign-attach"
            />
            {mediaName ? (
              <Button
                type="button"
                size="small"
                text
                severity="danger"
                icon="pi pi-trash"
                label={t('campaigns.dialog.removeMedia')}
                onClick={() => setMedia(record?.mediaPath ? { kind: 'remove' } : { kind: 'keep' })}
                disabled={pending}
                data-testid="campaign-remove-media"
              />
            ) : null}
            <input
              ref={fileInput}
              type="file"
              hidden
              accept={MEDIA_ACCEPT}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file && mediaProblem('message', { name: file.name, mimeType: file.type }))
                  toast.warn(t('campaigns.dialog.fileRefused', { name: file.name }));
                else if (file) setMedia({ kind: 'upload', file });
                e.target.value = '';
              }}
              data-testid="campaign-file"
            />
          </>
        ) : null}
      </div>
    </FormDialog>
  );
}
