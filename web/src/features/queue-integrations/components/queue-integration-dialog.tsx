import {
  DIALOGFLOW_LANGUAGES,
  PRIVATE_URL_REFUSED,
  QUEUE_INTEGRATION_TYPES,
  type QueueIntegration,
  type QueueIntegrationType,
} from '@switchboard/shared/contracts/queue-integrations';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { DropdownField, NumberField } from '../../../components/choice-fields.tsx';
import { fieldBinder } from '../../../components/field-binding.ts';
import { FormDialog, recordDialogProps, useCheckedForm } from '../../../components/form-dialog.tsx';
import { useSaveAndClose } from '../../../components/save-and-close.ts';
import { TextField } from '../../../components/text-field.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useSaveQueueIntegration } from '../api/save-queue-integration.ts';
import { useTestSession } from '../api/test-session.ts';
import {
  emptyIntegrationForm,
  hasStoredCredentials,
  integrationBodyOf,
  integrationFormOf,
  needsUrl,
  validateIntegrationForm,
  type IntegrationFormErrors,
  type IntegrationFormValues,
} from '../utils/integration-form.ts';
import { integrationTypeIcon } from './integration-type-icon.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { TextAreaField } from '../../../components/textarea-field.tsx';

const languageKey = (l: string) => (l === 'pt-BR' ? 'ptBR' : l);

/** Add an integration (no `record`) or edit one: the fields follow the type (spec document 3 sections 3 and 5). */
export function QueueIntegrationDialog({
  visible,
  record,
  onHide,
}: {
  visible: boolean;
  record?: QueueIntegration;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveQueueIntegration();
  const saveAndClose = useSaveAndClose(onHide);
  const test = useTestSession();
  const { values, errors, setErrors, apply, check } = useCheckedForm<IntegrationFormValues, IntegrationFormErrors>(
    visible,
    () => (record ? integrationFormOf(record) : emptyIntegrationForm()),
    validateIntegrationForm,
    [record],
  );
  const message = (field: keyof IntegrationFormValues) =>
    errors[field] ? t(`queueIntegrations.errors.${errors[field]}`) : undefined;
  const bind = fieldBinder('queue-integration', values, apply, message);

  const submit = () => {
    if (Object.keys(check()).length) return;
    saveAndClose(
      save,
      { id: record?.id, body: integrationBodyOf(values) },
      t(record ? 'queueIntegrations.toasts.saved' : 'queueIntegrations.toasts.created'),
      {
        refused: (e) => {
          // the server alone knows the address policy: a refused URL is marked on its field
          if (isApiError(e) && e.body.fields?.some((f) => f.path === 'body.urlN8N' && f.message.startsWith(PRIVATE_URL_REFUSED)))
            setErrors((current) => ({ ...current, urlN8N: 'privateUrl' }));
        },
      },
    );
  };

  const runTest = () => {
    const found = check();
    // a test session needs only the Dialogflow fields
    if ((['projectName', 'jsonContent', 'language'] as const).some((f) => found[f])) return;
    test.mutate(
      {
        projectName: values.projectName.trim(),
        jsonContent: values.jsonContent.trim(),
        language: values.language as (typeof DIALOGFLOW_LANGUAGES)[number],
        ...(record && hasStoredCredentials(values) ? { integrationId: record.id } : {}),
      },
      {
        onSuccess: (answer) =>
          answer.texts.length
            ? toast.success(t('queueIntegrations.toasts.testOk', { reply: answer.texts.join(' ') }))
            : toast.success(t('queueIntegrations.toasts.testEmpty')),
        onError: (e) => toast.error(e),
      },
    );
  };

  const typeOptions = QUEUE_INTEGRATION_TYPES.map((type) => ({
    value: type,
    label: t(`queueIntegrations.types.${type}`),
    icon: integrationTypeIcon(type),
  }));
  const languageOptions = DIALOGFLOW_LANGUAGES.map((l) => ({
    value: l,
    label: t(`queueIntegrations.dialog.languages.${languageKey(l)}`),
  }));
  const text = (field: 'typebotKeywordFinish' | 'typebotKeywordRestart', id: string) => (
    <TextField {...bind(field, id)} label={t(`queueIntegrations.dialog.${field}`)} maxLength={100} />
  );
  const number = (field: 'typebotExpires' | 'typebotDelayMessage', id: string, max: number) => (
    <NumberField
      {...bind(field, id)}
      label={t(`queueIntegrations.dialog.${field}`)}
      fallback={0}
      min={0}
      max={max}
      useGrouping={false}
    />
  );
  const area = (field: 'typebotUnknownMessage' | 'typebotRestartMessage', id: string) => (
    <TextAreaField {...bind(field, id)} label={t(`queueIntegrations.dialog.${field}`)} rows={2} />
  );

  return (
    <FormDialog
      {...recordDialogProps(
        'queue-integration',
        t(record ? 'queueIntegrations.dialog.editTitle' : 'queueIntegrations.dialog.addTitle'),
        { visible, onHide },
      )}
      onSubmit={submit}
      busy={save.isPending}
      size="xl"
    >
      <DropdownField<QueueIntegrationType>
        {...bind('type')}
        label={t('queueIntegrations.dialog.type')}
        options={typeOptions}
        itemTemplate={(o: { icon: string; label: string }) => (
          <span className="queue-integration-option">
            <i className={o.icon} aria-hidden="true" /> {o.label}
          </span>
        )}
        className="w-full"
      />
      <TextField {...bind('name')} label={t('queueIntegrations.dialog.name')} maxLength={60} autoFocus />
      {needsUrl(values.type) ? (
        <TextField
          {...bind('urlN8N', 'queue-integration-url')}
          label={t('queueIntegrations.dialog.urlN8N')}
          hint={
            values.type === 'typebot' ? t('queueIntegrations.dialog.typebotUrlHint') : t('queueIntegrations.dialog.webhookHelp')
          }
          maxLength={2000}
          placeholder="https://"
        />
      ) : null}
      {values.type === 'flowbuilder' ? (
        <p className="queue-integration-help">{t('queueIntegrations.dialog.flowbuilderHelp')}</p>
      ) : null}
      {values.type === 'typebot' ? (
        <div className="queue-integration-grid">
          <TextField
            {...bind('typebotSlug', 'queue-integration-slug')}
            label={t('queueIntegrations.dialog.typebotSlug')}
            maxLength={200}
          />
          {number('typebotExpires', 'queue-integration-expires', 100_000)}
          {number('typebotDelayMessage', 'queue-integration-delay', 60_000)}
          {text('typebotKeywordFinish', 'queue-integration-keyword-finish')}
          {text('typebotKeywordRestart', 'queue-integration-keyword-restart')}
          {area('typebotUnknownMessage', 'queue-integration-unknown-message')}
          {area('typebotRestartMessage', 'queue-integration-restart-message')}
        </div>
      ) : null}
      {values.type === 'dialogflow' ? (
        <>
          <TextField
            {...bind('projectName', 'queue-integration-project')}
            label={t('queueIntegrations.dialog.projectName')}
            maxLength={200}
          />
          <TextAreaField
            {...bind('jsonContent', 'queue-integration-json')}
            label={t('queueIntegrations.dialog.jsonContent')}
            rows={5}
            hint={
              hasStoredCredentials(values)
                ? t('queueIntegrations.dialog.jsonContentKept')
                : t('queueIntegrations.dialog.jsonContentHint')
            }
            className="queue-integration-json"
            autoResize={false}
          />
          <DropdownField<string>
            {...bind('language')}
            label={t('queueIntegrations.dialog.language')}
            options={languageOptions}
            className="w-full"
          />
          <div>
            <Button
              type="button"
              icon="pi pi-play"
              label={t('queueIntegrations.dialog.test')}
              outlined
              loading={test.isPending}
              onClick={runTest}
              data-testid="queue-integration-test"
            />
          </div>
        </>
      ) : null}
    </FormDialog>
  );
}
