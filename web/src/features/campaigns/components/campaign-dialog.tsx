import { traitsOf } from '@switchboard/shared/channel-traits';
import type { Campaign } from '@switchboard/shared/contracts/campaigns';
import { campaignChannelIssue, canSendCampaigns } from '@switchboard/shared/campaign-channels';
import { campaignVariables } from '@switchboard/shared/message-variables';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, recordDialogProps } from '../../../components/form-dialog.tsx';
import { useSaveAndClose } from '../../../components/save-and-close.ts';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { Picker, type PickerItem } from '../../../components/picker.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { useCompanySetting } from '../../../lib/company-setting.ts';
import { useConnectionList, useContactListPicks } from '../../../lib/lookups.ts';
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
  serverFieldErrors,
  templateVariableKeys,
  validateCampaignForm,
  withConnection,
  type CampaignFormErrors,
  type CampaignFormValues,
  type EditMode,
} from '../utils/campaign-form.ts';
import { CampaignMediaField } from './campaign-media-field.tsx';
import { CampaignRecipientsFields } from './campaign-recipients-fields.tsx';
import { CampaignTemplateFields } from './campaign-template-fields.tsx';
import { CampaignTexts, type CampaignTextField } from './campaign-texts.tsx';
import { CampaignTicketFields } from './campaign-ticket-fields.tsx';

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
  const save = useSaveCampaign();
  const saveAndClose = useSaveAndClose(onHide);
  const connections = useConnectionList({ enabled: visible });
  const contactLists = useContactListPicks({ enabled: visible });
  const settings = useCampaignSettings();
  // the picker shows and takes the company's local time, whatever the browser's zone
  const zone = useCompanySetting('timeZone') ?? '';
  const [values, setValues] = useState<CampaignFormValues>(emptyCampaignForm);
  const [errors, setErrors] = useState<CampaignFormErrors>({});
  const [touched, setTouched] = useState(false);
  const [media, setMedia] = useState<MediaChange>({ kind: 'keep' });
  const [tab, setTab] = useState<CampaignTextField>('message1');
  const [mode, setMode] = useState<EditMode>('all');
  const loadedId = useRef<number | undefined | null>(null);
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
  const templates = useConnectionTemplates(values.whatsappId, visible && channel !== undefined && traitsOf(channel).templates);

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
    saveAndClose(
      save,
      { id: record?.id, body: campaignBodyOf(values), media: mode === 'all' ? media : { kind: 'keep' } },
      t('campaigns.toasts.saved'),
      {
        refused: (error) => {
          const onFields = isApiError(error) ? serverFieldErrors(error.body.fields) : {};
          if (Object.keys(onFields).length > 0) {
            setErrors(onFields);
            const text = firstTextWithError(onFields);
            if (text) setTab(text);
          }
        },
      },
    );
  };

  const title = readOnly
    ? t('campaigns.dialog.viewTitle')
    : record
      ? t('campaigns.dialog.editTitle')
      : t('campaigns.dialog.addTitle');

  return (
    <FormDialog
      {...recordDialogProps('campaign', title, { visible, onHide })}
      onSubmit={submit}
      busy={pending}
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
      <CampaignRecipientsFields
        values={values}
        errors={errors}
        apply={apply}
        contactLists={contactLists}
        disabled={locks.settings}
      />
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
      {channel && traitsOf(channel).templates ? (
        <CampaignTemplateFields
          values={values}
          errors={errors}
          apply={apply}
          templates={templates}
          variableKeys={variableKeys}
          disabled={locks.settings}
        />
      ) : null}
      <CampaignTexts
        values={values}
        errors={errors}
        tab={tab}
        onTab={setTab}
        onText={(field, text) => set(field, text)}
        variables={variables}
        disabled={locks.texts}
      />
      <CampaignTicketFields values={values} errors={errors} apply={apply} locks={locks} />
      <CampaignMediaField
        mediaName={mediaName}
        editable={!locks.settings}
        pending={pending}
        onPick={(file) => setMedia({ kind: 'upload', file })}
        onRemove={() => setMedia(record?.mediaPath ? { kind: 'remove' } : { kind: 'keep' })}
      />
    </FormDialog>
  );
}
