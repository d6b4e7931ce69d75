import { traitsOf } from '@switchboard/shared/channel-traits';
import type { Connection, CreatableChannel } from '@switchboard/shared/contracts/connections';
import { ticketVariables } from '@switchboard/shared/message-variables';
import { Dialog } from 'primereact/dialog';
import { MultiSelect } from 'primereact/multiselect';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { VariablesHelper } from '../../../components/variables-helper.tsx';
import { TabStrip } from '../../../components/tab-strip.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useCreateConnection } from '../api/create-connection.ts';
import { useQueues } from '../api/get-queues.ts';
import { useUpdateConnection } from '../api/update-connection.ts';
import { useConnectionCredentials } from '../hooks/use-connection-credentials.ts';
import { CONNECTION_PANEL_ID, useConnectionForm } from '../hooks/use-connection-form.ts';
import { useConnectionsTarget } from '../hooks/use-connections-target.tsx';
import { useGreetingMedia } from '../hooks/use-greeting-media.ts';
import { createConnectionBodyOf, updateConnectionBodyOf } from '../utils/connection-body.ts';
import { connectionTabsFor, importResetsSession, tabsWithErrors, type ConnectionTab } from '../utils/connection-form.ts';
import { AssessmentsTab, ChatbotTab, ConnectionSchedulesTab, VacationFields } from './connection-engine-fields.tsx';
import { ConnectionFlowsTab, type ConnectionFlows } from './connection-flows-tab.tsx';
import { RegenerateDialogs } from './connection-credentials.tsx';
import { ConnectionGeneralTab } from './connection-general-tab.tsx';
import { ConnectionIntegrationField } from './connection-integration-field.tsx';
import { ConnectionPromptField } from './connection-prompt-field.tsx';
import { can } from '@switchboard/shared/permissions';
import { usePlanFlag } from '../../../lib/plan.ts';
import { buildViewer } from '../../../lib/viewer.ts';
import { TextAreaField } from '../../../components/textarea-field.tsx';

const FORM_ID = 'connection-form';

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
  const queues = useQueues({ enabled: visible });
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
  const shownChannel = record?.channel ?? channel ?? 'webchat';
  const formContext = { channel: shownChannel, creating: !record, schedules: showSchedules };
  const { values, errors, tab, setTab, apply, check, refuseAnswer } = useConnectionForm(visible, record, formContext);
  const media = useGreetingMedia(visible, record);
  const credentials = useConnectionCredentials(record);

  // the engine's own choices start afresh each time the dialog opens, as the form does
  useEffect(() => {
    if (!visible) return;
    setFlows({ flowIdWelcome: record?.flowIdWelcome ?? null, flowIdNotPhrase: record?.flowIdNotPhrase ?? null });
    setIntegrationId(record?.integrationId ?? null);
    setPromptId(record?.promptId ?? null);
  }, [visible, recordId]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!check()) return;
    const onError = (error: unknown) => {
      refuseAnswer(error);
      toast.error(error);
    };
    if (record) {
      const repairs = traitsOf(record.channel).qrSession && importResetsSession(record, values);
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
          if (!traitsOf(created.channel).qrSession) toast.success(t('connections.toasts.saved'));
          onHide();
          onCreated?.(created);
        },
        onError,
      });
    }
  };

  const title = record
    ? t('connections.dialog.editTitle', { name: record.name })
    : t('connections.dialog.addTitle', { channel: t(`connections.channels.${shownChannel}`) });

  const messageField = (field: 'greetingMessage' | 'complationMessage' | 'outOfHoursMessage', id: string) => (
    <TextAreaField
      id={id}
      label={t(`connections.dialog.${field}`)}
      rows={4}
      error={errors[field]}
      value={values[field]}
      onChange={(value) => apply({ ...values, [field]: value })}
      after={
        <VariablesHelper
          targetId={id}
          value={values[field]}
          onChange={(text) => apply({ ...values, [field]: text })}
          variables={ticketVariables}
        />
      }
    />
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
    general: (
      <ConnectionGeneralTab
        channel={shownChannel}
        record={record}
        queues={queues.data ?? []}
        media={media}
        credentials={credentials}
        {...part}
      />
    ),
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
        panelId={CONNECTION_PANEL_ID}
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
        <div role="tabpanel" id={CONNECTION_PANEL_ID} aria-labelledby={`connection-tab-${tab}`} className="connection-tabpanel">
          {panels[tab]}
        </div>
      </form>
      <RegenerateDialogs credentials={credentials} />
    </Dialog>
  );
}
