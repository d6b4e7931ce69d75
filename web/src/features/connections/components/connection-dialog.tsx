import { GREETING_MEDIA_MAX_BYTES, type CreatableChannel } from '@switchboard/shared/contracts/connections';
import { acceptAttribute, mediaProblem } from '@switchboard/shared/media-types';
import { ticketVariables } from '@switchboard/shared/message-variables';
import type { Connection } from '@switchboard/shared/contracts/inbox';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { Password } from 'primereact/password';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { VariablesHelper } from '../../../components/variables-helper.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { TabStrip } from '../../../components/tab-strip.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useCreateConnection } from '../api/create-connection.ts';
import { useRemoveGreetingMedia, useUploadGreetingMedia } from '../api/greeting-media.ts';
import { useQueues } from '../api/get-queues.ts';
import { useUpdateConnection } from '../api/update-connection.ts';
import { useConnectionsTarget } from '../hooks/use-connections-target.tsx';
import {
  cloudApiFields,
  connectionFormOf,
  connectionTabsFor,
  createConnectionBodyOf,
  emptyConnectionForm,
  engineFormFields,
  firstTabWithError,
  importFormFields,
  importResetsSession,
  localDay,
  tabsWithErrors,
  twoYearsBefore,
  updateConnectionBodyOf,
  validateConnectionForm,
  widgetEmbedSnippet,
  type ConnectionFormErrors,
  type ConnectionFormField,
  type ConnectionFormValues,
  type ConnectionTab,
} from '../utils/connection-form.ts';
import {
  AssessmentsTab,
  ChatbotTab,
  ConnectionSchedulesTab,
  RedirectionFields,
  VacationFields,
} from './connection-engine-fields.tsx';
import { ConnectionFlowsTab, type ConnectionFlows } from './connection-flows-tab.tsx';
import { ConnectionIntegrationField } from './connection-integration-field.tsx';
import { ConnectionPromptField } from './connection-prompt-field.tsx';
import { can } from '@switchboard/shared/permissions';
import { usePlanFlag } from '../../../lib/plan.ts';
import { buildViewer } from '../../../lib/viewer.ts';

const FORM_ID = 'connection-form';
const PANEL_ID = 'connection-tabpanel';

/** Field errors the API answered (`body.<field>`), shown under the fields like the form's own; a week's under the week. */
const serverErrors = (error: unknown): ConnectionFormErrors => {
  if (!isApiError(error)) return {};
  const fields: ConnectionFormField[] = [
    'name',
    'color',
    'timeCreateNewTicket',
    'greetingMessage',
    'complationMessage',
    'outOfHoursMessage',
    ...cloudApiFields,
    ...importFormFields,
    ...engineFormFields,
  ];
  const found: ConnectionFormErrors = {};
  for (const f of error.body.fields ?? []) {
    const name = f.path.replace(/^body\./, '').replace(/^schedules\..*$/, 'schedules') as ConnectionFormField;
    if (fields.includes(name)) found[name] = f.message;
  }
  return found;
};

/**
 * Add a connection of `channel`, or edit `record`: the tabs whose features exist (general, messages, queues, chatbot,
 * assessments, and schedules when the company keeps opening hours per connection).
 * `onCreated` hears of a new connection and `onRepairing` of a connected session a saved import paired anew
 * (either WhatsApp session shows its QR code next).
 */
export function ConnectionDialog({
  visible,
  channel,
  record,
  onHide,
  onCreated,
  onRepairing,
}: {
  visible: boolean;
  channel?: CreatableChannel;
  record?: Connection;
  onHide: () => void;
  onCreated?: (created: Connection) => void;
  onRepairing?: (id: number) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateConnection();
  const update = useUpdateConnection();
  const regenerate = useUpdateConnection();
  const queues = useQueues({ enabled: visible });
  const [values, setValues] = useState<ConnectionFormValues>(emptyConnectionForm);
  const [errors, setErrors] = useState<ConnectionFormErrors>({});
  const [touched, setTouched] = useState(false);
  const [tab, setTab] = useState<ConnectionTab>('general');
  /** which credential the confirmation asks to replace: the secret API token or a web chat's public widget key */
  const [confirmRegenerate, setConfirmRegenerate] = useState<'token' | 'widgetKey' | null>(null);
  const uploadMedia = useUploadGreetingMedia();
  const removeMedia = useRemoveGreetingMedia();
  const mediaInput = useRef<HTMLInputElement>(null);
  /** the greeting media as last answered (the list catches up when it is read again) */
  const [media, setMedia] = useState<Pick<Connection, 'greetingMediaAttachment' | 'greetingMediaUrl'> | undefined>();
  const pending = create.isPending || update.isPending;
  const recordId = record?.id;
  // the company's own setting; for another company the super user manages it is not known here, so no hours tab
  const currentUser = useCurrentUser();
  const scheduleType = currentUser.company.settings?.scheduleType;
  const target = useConnectionsTarget();
  const showSchedules = target === undefined && scheduleType === 'connection';
  // the standard flows: an admin editing a connection of their own company, whose plan has flows
  const flowsPlan = usePlanFlag('useIntegrations');
  const showFlows = Boolean(record) && target === undefined && flowsPlan === true && can(buildViewer(currentUser), 'admin:area');
  const [flows, setFlows] = useState<ConnectionFlows>({ flowIdWelcome: null, flowIdNotPhrase: null });
  // the integration: shown on the same terms as the standard flows (an admin of a plan with integrations)
  const [integrationId, setIntegrationId] = useState<number | null>(null);
  // the AI prompt: an admin editing a connection of their own company, whose plan has OpenAI
  const promptsPlan = usePlanFlag('useOpenAi');
  const showPrompt =
    Boolean(record) && target === undefined && promptsPlan === true && can(buildViewer(currentUser), 'admin:area');
  const [promptId, setPromptId] = useState<number | null>(null);

  // a fresh form each time the dialog opens; later changes of the record (a new token) do not reset it
  useEffect(() => {
    if (!visible) return;
    setValues(record ? connectionFormOf(record) : emptyConnectionForm());
    setErrors({});
    setTouched(false);
    setTab('general');
    setMedia(undefined);
    setFlows({ flowIdWelcome: record?.flowIdWelcome ?? null, flowIdNotPhrase: record?.flowIdNotPhrase ?? null });
    setIntegrationId(record?.integrationId ?? null);
    setPromptId(record?.promptId ?? null);
  }, [visible, recordId]);

  const shownChannel = record?.channel ?? channel ?? 'webchat';
  const formContext = { channel: shownChannel, creating: !record, schedules: showSchedules };

  const apply = (next: ConnectionFormValues) => {
    setValues(next);
    if (touched) setErrors(validateConnectionForm(next, formContext));
  };

  // after a refused save, the first field in error takes the focus (it may be below the fold of a long tab)
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    const field = document.querySelector<HTMLElement>(`#${PANEL_ID} [aria-invalid="true"]`);
    field?.focus({ preventScroll: true });
    // centred, so its message under it shows too
    field?.scrollIntoView({ block: 'center' });
  }, [refusals]);

  const refuse = (found: ConnectionFormErrors) => {
    setErrors(found);
    const first = firstTabWithError(found);
    if (first) setTab(first);
    if (Object.keys(found).length) setRefusals((n) => n + 1);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found = validateConnectionForm(values, formContext);
    setTouched(true);
    if (Object.keys(found).length) return refuse(found);
    setErrors({});
    const onError = (error: unknown) => {
      refuse(serverErrors(error));
      toast.error(error);
    };
    if (record) {
      const repairs = record.channel === 'whatsapp' && importResetsSession(record, values);
      update.mutate(
        {
          id: record.id,
          body: {
            ...updateConnectionBodyOf(values, record.channel, { schedules: showSchedules }),
            ...(showFlows ? { ...flows, integrationId } : {}),
            ...(showPrompt ? { promptId } : {}),
          },
        },
        {
          onSuccess: () => {
            toast.success(t('connections.toasts.saved'));
            onHide();
            if (repairs) onRepairing?.(record.id);
          },
          onError,
        },
      );
    } else if (channel) {
      create.mutate(createConnectionBodyOf(channel, values, { schedules: showSchedules }), {
        onSuccess: (created) => {
          // a WhatsApp session's QR dialog follows at once and says what comes next; a toast would sit under it
          if (created.channel !== 'whatsapp') toast.success(t('connections.toasts.saved'));
          onHide();
          onCreated?.(created);
        },
        onError,
      });
    }
  };

  const copy = (text: string) => {
    navigator.clipboard.writeText(text).then(
      () => toast.info(t('connections.toasts.copied')),
      () => toast.errorText(t('connections.toasts.copyFailed')),
    );
  };

  const regenerateCredential = (which: 'token' | 'widgetKey') => {
    if (!record) return;
    const body = which === 'token' ? { regenerateToken: true as const } : { regenerateWidgetKey: true as const };
    const done = which === 'token' ? 'connections.toasts.tokenRegenerated' : 'connections.toasts.widgetKeyRegenerated';
    regenerate.mutate(
      { id: record.id, body },
      { onSuccess: () => toast.success(t(done)), onError: (error) => toast.error(error) },
    );
  };

  const isWebchat = shownChannel === 'webchat';
  // both are answered only to those who manage connections, as everyone who opens this dialog does
  const token = record?.token ?? null;
  const widgetKey = record?.widgetKey ?? null;

  const credentialRow = (which: 'token' | 'widgetKey', value: string) => {
    const ids =
      which === 'token'
        ? { field: 'connection-token', copy: 'connection-copy-token', regenerate: 'connection-regenerate-token' }
        : { field: 'connection-widget-key', copy: 'connection-copy-widget-key', regenerate: 'connection-regenerate-widget-key' };
    const labels =
      which === 'token'
        ? { copy: t('connections.dialog.copyToken'), regenerate: t('connections.dialog.regenerateToken') }
        : { copy: t('connections.dialog.copyWidgetKey'), regenerate: t('connections.dialog.regenerateWidgetKey') };
    return (
      <div className="connection-copy-row">
        <InputText id={ids.field} readOnly value={value} className="connection-copy-row__value" data-testid={ids.field} />
        <Button
          type="button"
          outlined
          icon="pi pi-copy"
          aria-label={labels.copy}
          tooltip={labels.copy}
          tooltipOptions={{ position: 'top' }}
          onClick={() => copy(value)}
          data-testid={ids.copy}
        />
        <Button
          type="button"
          outlined
          severity="warning"
          icon={regenerate.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-refresh'}
          aria-label={labels.regenerate}
          tooltip={labels.regenerate}
          tooltipOptions={{ position: 'top' }}
          disabled={regenerate.isPending}
          onClick={() => setConfirmRegenerate(which)}
          data-testid={ids.regenerate}
        />
      </div>
    );
  };
  const title = record
    ? t('connections.dialog.editTitle', { name: record.name })
    : t('connections.dialog.addTitle', { channel: t(`connections.channels.${shownChannel}`) });

  const groups = (
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
  const cloudApi = (
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

  const today = localDay();
  const shownMedia =
    media ??
    (record
      ? { greetingMediaAttachment: record.greetingMediaAttachment ?? null, greetingMediaUrl: record.greetingMediaUrl ?? null }
      : undefined);
  const mediaBusy = uploadMedia.isPending || removeMedia.isPending;

  const pickMedia = (file: File | undefined) => {
    if (!file || !record) return;
    if (mediaProblem('greetingMedia', { name: file.name, mimeType: file.type || 'application/octet-stream' }))
      return toast.errorText(t('connections.dialog.media.invalid'));
    if (file.size > GREETING_MEDIA_MAX_BYTES) return toast.errorText(t('connections.dialog.media.tooLarge'));
    uploadMedia.mutate(
      { id: record.id, file },
      {
        onSuccess: (c) => {
          setMedia({ greetingMediaAttachment: c.greetingMediaAttachment ?? null, greetingMediaUrl: c.greetingMediaUrl ?? null });
          toast.success(t('connections.dialog.media.uploaded'));
        },
        onError: (error) => toast.error(error),
      },
    );
  };

  const dropMedia = () => {
    if (!record) return;
    removeMedia.mutate(
      { id: record.id },
      {
        onSuccess: () => {
          setMedia({ greetingMediaAttachment: null, greetingMediaUrl: null });
          toast.success(t('connections.dialog.media.removed'));
        },
        onError: (error) => toast.error(error),
      },
    );
  };

  const mediaName = shownMedia?.greetingMediaAttachment ?? null;
  const mediaUrl = shownMedia?.greetingMediaUrl ?? null;
  // the browser's own file field speaks the browser's language: a button of ours opens it
  const greetingMedia = record ? (
    <div
      className="form-field"
      role="group"
      aria-labelledby="connection-greeting-media-label"
      aria-describedby="connection-greeting-media-hint"
    >
      <span id="connection-greeting-media-label" className="form-field__label">
        {t('connections.dialog.media.label')}
      </span>
      <div className="connection-media" data-testid="connection-greeting-media">
        {mediaName && mediaUrl ? (
          /\.(mp4|m4v|webm|3gp|mov)$/i.test(mediaName) ? (
            <video
              className="connection-media__preview"
              src={mediaUrl}
              controls
              aria-label={t('connections.dialog.media.preview')}
              data-testid="connection-greeting-media-preview"
            />
          ) : (
            <img
              className="connection-media__preview"
              src={mediaUrl}
              alt={t('connections.dialog.media.preview')}
              data-testid="connection-greeting-media-preview"
            />
          )
        ) : null}
        {mediaName ? (
          <span className="connection-media__name" data-testid="connection-greeting-media-name">
            {mediaName}
          </span>
        ) : null}
        <div className="connection-media__actions">
          <Button
            type="button"
            size="small"
            outlined
            icon="pi pi-upload"
            label={t('connections.dialog.media.choose')}
            loading={uploadMedia.isPending}
            disabled={mediaBusy}
            onClick={() => mediaInput.current?.click()}
            data-testid="connection-greeting-media-choose"
          />
          {mediaName ? (
            <Button
              type="button"
              size="small"
              outlined
              severity="danger"
              icon="pi pi-trash"
              label={t('connections.dialog.media.remove')}
              loading={removeMedia.isPending}
              disabled={mediaBusy}
              onClick={dropMedia}
              data-testid="connection-greeting-media-remove"
            />
          ) : null}
          <input
            ref={mediaInput}
            type="file"
            hidden
            accept={acceptAttribute('greetingMedia')}
            onChange={(e) => {
              pickMedia(e.target.files?.[0]);
              e.target.value = '';
            }}
            data-testid="connection-greeting-media-input"
          />
        </div>
      </div>
      <small id="connection-greeting-media-hint" className="form-field__hint">
        {t('connections.dialog.media.hint')}
      </small>
    </div>
  ) : null;

  const importSection =
    record && shownChannel === 'whatsapp' ? (
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
              <FormField
                id="connection-import-old"
                label={t('connections.dialog.import.oldDate')}
                error={errors.importOldMessages}
              >
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
                options={queues.data ?? []}
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
    ) : null;

  const general = (
    <>
      {greetingMedia}
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
      {isWebchat ? (
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
      ) : null}
      {shownChannel === 'whatsapp' && record ? groups : null}
      {importSection}
      {shownChannel === 'whatsappapi' ? cloudApi : null}
      <RedirectionFields values={values} errors={errors} apply={apply} queues={queues.data ?? []} />
      {record && token ? (
        <FormField id="connection-token" label={t('connections.dialog.token')} hint={t('connections.dialog.tokenHint')}>
          {credentialRow('token', token)}
        </FormField>
      ) : null}
      {isWebchat && record ? (
        widgetKey ? (
          <>
            <FormField
              id="connection-widget-key"
              label={t('connections.dialog.widgetKey')}
              hint={t('connections.dialog.widgetKeyHint')}
            >
              {credentialRow('widgetKey', widgetKey)}
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
                  onClick={() => copy(widgetEmbedSnippet(window.location.origin, widgetKey))}
                  data-testid="connection-copy-embed"
                />
              </div>
            </FormField>
          </>
        ) : null
      ) : isWebchat ? (
        <p className="connection-note">{t('connections.dialog.tokenAfterSave')}</p>
      ) : null}
    </>
  );

  const messageField = (field: 'greetingMessage' | 'complationMessage' | 'outOfHoursMessage', id: string) => (
    <FormField id={id} label={t(`connections.dialog.${field}`)} error={errors[field]}>
      <InputTextarea
        {...fieldA11y(id, errors[field])}
        rows={4}
        autoResize
        value={values[field]}
        onChange={(e) => apply({ ...values, [field]: e.target.value })}
      />
      <VariablesHelper
        targetId={id}
        value={values[field]}
        onChange={(text) => apply({ ...values, [field]: text })}
        variables={ticketVariables}
      />
    </FormField>
  );

  const messages = (
    <>
      {messageField('greetingMessage', 'connection-greeting')}
      {messageField('complationMessage', 'connection-completion')}
      {messageField('outOfHoursMessage', 'connection-out-of-hours')}
      <VacationFields values={values} errors={errors} apply={apply} />
    </>
  );

  const integrations = (
    <>
      <FormField id="connection-queues" label={t('connections.dialog.queues')} hint={t('connections.dialog.queuesHint')}>
        <MultiSelect
          inputId="connection-queues"
          value={values.queueIds}
          options={queues.data ?? []}
          optionLabel="name"
          optionValue="id"
          display="chip"
          filter
          loading={queues.isPending}
          placeholder={t('connections.dialog.queuesPlaceholder')}
          emptyMessage={t('connections.dialog.noQueues')}
          itemTemplate={(q: { name: string; color: string }) => (
            <span className="connection-queue">
              <span className="connection-queue__dot" style={{ background: q.color }} aria-hidden="true" />
              {q.name}
            </span>
          )}
          onChange={(e) => apply({ ...values, queueIds: e.value as number[] })}
          className="w-full"
          data-testid="connection-queues"
        />
      </FormField>
      {showFlows ? <ConnectionIntegrationField value={integrationId} onChange={setIntegrationId} /> : null}
      {showPrompt ? <ConnectionPromptField value={promptId} onChange={setPromptId} /> : null}
    </>
  );

  const tabErrors = tabsWithErrors(errors);
  const part = { values, errors, apply };
  const panels: Record<ConnectionTab, ReactNode> = {
    general,
    messages,
    integrations,
    chatbot: <ChatbotTab {...part} />,
    assessments: <AssessmentsTab {...part} />,
    flowbuilder: <ConnectionFlowsTab value={flows} onChange={setFlows} />,
    schedules: <ConnectionSchedulesTab {...part} />,
  };

  return (
    <Dialog
      header={title}
      visible={visible}
      onHide={onHide}
      footer={
        <DialogActions
          onCancel={onHide}
          confirm={{ label: t('common.save'), icon: 'pi pi-check', form: FORM_ID, loading: pending, testId: 'connection-save' }}
        />
      }
      // six tabs, and a week of opening hours, fit side by side
      style={{ width: '46rem' }}
      // the tabs differ in height: anchored at the top, the tab list stays where it was clicked
      position="top"
      breakpoints={{ '640px': '96vw' }}
      modal
      closable={!pending}
      dismissableMask={!pending}
      className="connection-dialog"
      data-testid="connection-dialog"
    >
      <TabStrip
        tabs={connectionTabsFor({ schedules: showSchedules, flows: showFlows })}
        active={tab}
        onChange={setTab}
        label={t('connections.dialog.tabs.label')}
        labelOf={(tb) => t(`connections.dialog.tabs.${tb}`)}
        idPrefix="connection-tab"
        panelId={PANEL_ID}
        className="connection-tabs"
        extra={(tb) =>
          tabErrors.has(tb) ? (
            <i
              className="pi pi-exclamation-circle connection-tabs__error"
              role="img"
              aria-label={t('connections.dialog.tabs.hasErrors')}
            />
          ) : null
        }
      />
      <form id={FORM_ID} className="dialog-form connection-form" onSubmit={submit} noValidate>
        <div role="tabpanel" id={PANEL_ID} aria-labelledby={`connection-tab-${tab}`} className="connection-tabpanel">
          {panels[tab]}
        </div>
      </form>
      <ConfirmDialog
        visible={confirmRegenerate === 'token'}
        onHide={() => setConfirmRegenerate(null)}
        header={t('connections.regenerateDialog.header')}
        message={t('connections.regenerateDialog.message')}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('connections.regenerateDialog.confirm')}
        rejectLabel={t('common.cancel')}
        accept={() => regenerateCredential('token')}
        data-testid="connection-regenerate-dialog"
      />
      <ConfirmDialog
        visible={confirmRegenerate === 'widgetKey'}
        onHide={() => setConfirmRegenerate(null)}
        header={t('connections.regenerateWidgetKeyDialog.header')}
        message={t('connections.regenerateWidgetKeyDialog.message')}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('connections.regenerateWidgetKeyDialog.confirm')}
        rejectLabel={t('common.cancel')}
        accept={() => regenerateCredential('widgetKey')}
        data-testid="connection-regenerate-widget-key-dialog"
      />
    </Dialog>
  );
}
