import {
  FIRST_RESPONSE_MAX_MINUTES,
  type Queue,
  type QueueDetails,
  QUEUE_ROTATION_TIMES,
} from '@switchboard/shared/contracts/queues';
import { ticketVariables } from '@switchboard/shared/message-variables';
import { DropdownField } from '../../../components/choice-fields.tsx';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorField } from '../../../components/color-field.tsx';
import { FormDialog, recordDialogProps, useLoadedForm } from '../../../components/form-dialog.tsx';
import { useSaveAndClose } from '../../../components/save-and-close.ts';
import { WeeklyHoursEditor } from '../../../components/weekly-hours-editor.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { VariablesHelper } from '../../../components/variables-helper.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { TabStrip } from '../../../components/tab-strip.tsx';
import { useFileListNames, useUserNames } from '../api/get-option-targets.ts';
import { useIntegrationList } from '../../../lib/lookups.ts';
import { usePlanFlag } from '../../../lib/plan.ts';
import { useQueue } from '../api/get-queue.ts';
import { useSaveQueue } from '../api/save-queue.ts';
import { addOption, moveOption, removeOption, updateOption } from '../utils/chatbot-tree.ts';
import {
  emptyQueueForm,
  hasErrors,
  queueBodyOf,
  queueFormOf,
  validateQueueForm,
  type QueueFormErrors,
  type QueueFormValues,
} from '../utils/queue-form.ts';
import { ChatbotTreeEditor, type TreeActions } from './chatbot-tree-editor.tsx';
import { TextAreaField } from '../../../components/textarea-field.tsx';

const PANEL_ID = 'queue-tabpanel';
type QueueTab = 'data' | 'hours';

/**
 * Add a queue (no `queueId`) or edit one: the queue-data tab with the chatbot option tree, and the service-hours tab
 * when the company keeps hours per queue (`showHours`, scheduleType 'queue').
 */
export function QueueDialog({
  visible,
  queueId,
  queues,
  showHours,
  onHide,
}: {
  visible: boolean;
  queueId?: number;
  queues: Queue[];
  showHours: boolean;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveQueue();
  const saveAndClose = useSaveAndClose(onHide);
  const detail = useQueue(visible ? queueId : undefined);
  const files = useFileListNames(visible);
  // the integrations a queue or an option may hand the conversation to: the plan must have them
  const integrationsPlan = usePlanFlag('useIntegrations');
  const integrations = useIntegrationList({ enabled: visible && integrationsPlan === true });
  const users = useUserNames(visible);
  const [tab, setTab] = useState<QueueTab>('data');
  const keySeq = useRef(0);
  const nextKey = () => `o${++keySeq.current}`;
  const queuesAfterSave = queueId !== undefined ? queues.length : queues.length + 1;
  const { values, errors, setErrors, apply, check, editing, loading } = useLoadedForm<
    QueueFormValues,
    QueueFormErrors,
    QueueDetails
  >({
    visible,
    id: queueId,
    loaded: detail.data,
    empty: emptyQueueForm,
    formOf: (queue) => queueFormOf(queue, nextKey),
    validate: (next) => validateQueueForm(next, queuesAfterSave),
  });

  useEffect(() => {
    if (visible) setTab('data');
  }, [visible, editing]);

  const actions: TreeActions = {
    add: (parent) => apply({ ...values, chatbots: addOption(values.chatbots, parent, nextKey()) }),
    update: (path, patch) => apply({ ...values, chatbots: updateOption(values.chatbots, path, patch) }),
    remove: (path) => apply({ ...values, chatbots: removeOption(values.chatbots, path) }),
    move: (path, delta) => apply({ ...values, chatbots: moveOption(values.chatbots, path, delta) }),
  };

  const submit = () => {
    const found = check();
    if (hasErrors(found)) {
      setTab('data');
      return;
    }
    saveAndClose(save, { id: queueId, body: queueBodyOf(values) }, t('queues.toasts.saved'), {
      refused: (error) => {
        if (isApiError(error) && error.code === 'ERR_QUEUE_COLOR_ALREADY_EXISTS')
          setErrors({ ...found, color: 'errors.ERR_QUEUE_COLOR_ALREADY_EXISTS' });
        if (isApiError(error) && error.code === 'ERR_WAPP_GREETING_REQUIRED')
          setErrors({ ...found, greetingMessage: 'errors.ERR_WAPP_GREETING_REQUIRED' });
      },
    });
  };

  const tabs: QueueTab[] = showHours ? ['data', 'hours'] : ['data'];
  const choices = {
    queues: queues.map((q) => ({ id: q.id, name: q.name })),
    users: users.data ?? [],
    files: files.data ?? [],
    integrations: integrationsPlan === true ? (integrations.data ?? []) : [],
  };

  const data = (
    <>
      <div className="queue-form__row">
        <TextField
          id="queue-name"
          label={t('queues.dialog.name')}
          error={errors.name}
          autoFocus
          value={values.name}
          onChange={(value) => apply({ ...values, name: value })}
        />
        <FormField id="queue-color" label={t('queues.dialog.color')} error={errors.color}>
          <ColorField
            id="queue-color"
            value={values.color}
            onChange={(color) => apply({ ...values, color })}
            error={errors.color}
            pickerLabel={t('queues.dialog.colorPicker')}
            pickerTestId="queue-color-picker"
          />
        </FormField>
        <FormField id="queue-order" label={t('queues.dialog.order')}>
          <InputNumber
            inputId="queue-order"
            value={values.orderQueue}
            min={0}
            max={9999}
            useGrouping={false}
            onChange={(e) => apply({ ...values, orderQueue: e.value ?? null })}
          />
        </FormField>
      </div>
      <TextAreaField
        id="queue-greeting"
        label={t('queues.dialog.greeting')}
        error={errors.greetingMessage}
        value={values.greetingMessage}
        onChange={(value) => apply({ ...values, greetingMessage: value })}
        after={
          <VariablesHelper
            targetId="queue-greeting"
            value={values.greetingMessage}
            onChange={(greetingMessage) => apply({ ...values, greetingMessage })}
            variables={ticketVariables}
          />
        }
      />
      <TextAreaField
        id="queue-out-of-hours"
        label={t('queues.dialog.outOfHours')}
        rows={2}
        value={values.outOfHoursMessage}
        onChange={(value) => apply({ ...values, outOfHoursMessage: value })}
      />
      <div className="queue-form__row">
        <div className="queue-check">
          <InputSwitch
            inputId="queue-rotation"
            checked={values.ativarRoteador}
            onChange={(e) => apply({ ...values, ativarRoteador: Boolean(e.value) })}
            data-testid="queue-rotation"
          />
          <label htmlFor="queue-rotation">{t('queues.dialog.rotation')}</label>
        </div>
        {/* the time belongs to the rotation: shown while it is on, rather than shown disabled */}
        {values.ativarRoteador ? (
          <DropdownField
            id="queue-rotation-time"
            label={t('queues.dialog.rotationTime')}
            value={values.tempoRoteador}
            options={QUEUE_ROTATION_TIMES.map((m) => ({
              value: m,
              label: m === 0 ? t('queues.dialog.rotationUnset') : t('queues.dialog.minutes', { count: m }),
            }))}
            onChange={(tempoRoteador) => apply({ ...values, tempoRoteador })}
            className="w-full"
            testId="queue-rotation-time"
          />
        ) : null}
        <FormField id="queue-first-response" label={t('queues.dialog.firstResponse')} hint={t('queues.dialog.firstResponseHint')}>
          <InputNumber
            inputId="queue-first-response"
            value={values.firstResponseMinutes}
            min={0}
            max={FIRST_RESPONSE_MAX_MINUTES}
            useGrouping={false}
            suffix=" min"
            onValueChange={(e) =>
              apply({
                ...values,
                firstResponseMinutes: Math.min(FIRST_RESPONSE_MAX_MINUTES, Math.max(0, Math.trunc(e.value ?? 0))),
              })
            }
          />
        </FormField>
        <div className="queue-check">
          <InputSwitch
            inputId="queue-close-ticket"
            checked={values.closeTicket}
            onChange={(e) => apply({ ...values, closeTicket: Boolean(e.value) })}
          />
          <label htmlFor="queue-close-ticket">{t('queues.dialog.closeTicket')}</label>
        </div>
      </div>
      <DropdownField
        id="queue-file-list"
        label={t('queues.dialog.fileList')}
        hint={t('queues.dialog.fileListHint')}
        value={values.fileListId}
        options={choices.files.map((f) => ({ value: f.id, label: f.name }))}
        placeholder={t('queues.dialog.noFileList')}
        showClear
        onChange={(fileListId) => apply({ ...values, fileListId: fileListId ?? null })}
        className="w-full"
        testId="queue-file-list"
      />
      {integrationsPlan === true ? (
        <DropdownField
          id="queue-integration"
          label={t('queueIntegrations.queue.integration')}
          hint={t('queueIntegrations.queue.integrationHint')}
          value={values.integrationId}
          options={choices.integrations.map((i) => ({ value: i.id, label: i.name }))}
          placeholder={t('queueIntegrations.queue.noIntegration')}
          showClear
          onChange={(integrationId) => apply({ ...values, integrationId: integrationId ?? null })}
          className="w-full"
          testId="queue-integration"
        />
      ) : null}
      <ChatbotTreeEditor tree={values.chatbots} errors={errors.options ?? {}} actions={actions} choices={choices} />
    </>
  );

  return (
    <FormDialog
      {...recordDialogProps('queue', t(editing ? 'queues.dialog.editTitle' : 'queues.dialog.addTitle'), { visible, onHide })}
      formClassName="queue-form"
      onSubmit={submit}
      busy={save.isPending}
      size="xxl"
      position="top"
      dismissableMask
      className="queue-dialog"
      placeholder={loading ? detail.isError ? <p role="alert">{t('queues.loadFailed')}</p> : <PageLoader /> : undefined}
      intro={
        tabs.length > 1 ? (
          <TabStrip
            tabs={tabs}
            active={tab}
            onChange={setTab}
            label={t('queues.dialog.tabsLabel')}
            labelOf={(tb) => t(`queues.dialog.tabs.${tb}`)}
            idPrefix="queue-tab"
            panelId={PANEL_ID}
            className="queue-tabs"
          />
        ) : null
      }
    >
      <div {...(tabs.length > 1 ? { role: 'tabpanel', id: PANEL_ID, 'aria-labelledby': `queue-tab-${tab}` } : {})}>
        {tab === 'data' ? (
          data
        ) : (
          <WeeklyHoursEditor
            schedules={values.schedules}
            onChange={(schedules) => apply({ ...values, schedules })}
            caption={t('queues.dialog.hoursCaption')}
            testId="queue-hours"
          />
        )}
      </div>
    </FormDialog>
  );
}
