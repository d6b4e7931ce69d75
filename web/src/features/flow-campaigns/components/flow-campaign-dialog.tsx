import type { FlowCampaign } from '@switchboard/shared/contracts/flow-campaigns';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { useTranslation } from 'react-i18next';
import { FormDialog, recordDialogProps, useDialogForm, type FieldErrors } from '../../../components/form-dialog.tsx';
import { refusedFields, useSaveAndClose } from '../../../components/save-and-close.ts';
import { FormField } from '../../../components/form-field.tsx';
import { Picker } from '../../../components/picker.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useFlowList } from '../../../lib/lookups.ts';
import { useSaveFlowCampaign } from '../api/save-flow-campaign.ts';
import { formProblems, initialForm, listensEverywhere, toBody, type FlowCampaignForm } from '../utils/flow-campaign-form.ts';
import { PhrasesEditor } from './phrases-editor.tsx';

/** Add a phrase campaign (no `record`) or edit one: 'Nueva campaña con flujo de frases' or 'Editar campaña con flujo de frases'. */
export function FlowCampaignDialog({ visible, record, onHide }: { visible: boolean; record?: FlowCampaign; onHide: () => void }) {
  const { t } = useTranslation();
  const save = useSaveFlowCampaign();
  const saveAndClose = useSaveAndClose(onHide);
  const flows = useFlowList({ enabled: visible });
  const { values, set, errors, setErrors } = useDialogForm<FlowCampaignForm>(visible, () => initialForm(record), [record]);

  const submit = () => {
    const problems = formProblems(values);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    saveAndClose(
      save,
      { id: record?.id, body: toBody(values, Boolean(record)) },
      t(record ? 'flowCampaigns.toasts.updated' : 'flowCampaigns.toasts.created'),
      {
        refused: (error) => {
          // the server names the field it refuses (a name the company has, a flow deleted meanwhile)
          const fields = refusedFields<FieldErrors>(error, (path) => path.replace(/^body\./, '').split('.')[0]!);
          if (Object.keys(fields).length) setErrors(fields);
        },
      },
    );
  };

  const flowOptions = (flows.data ?? []).map((f) => ({
    value: f.id,
    label: f.active ? f.name : `${f.name} (${t('flowCampaigns.inactive')})`,
  }));
  const everywhere = listensEverywhere(values);

  return (
    <FormDialog
      {...recordDialogProps('flow-campaign', t(record ? 'flowCampaigns.dialog.editTitle' : 'flowCampaigns.dialog.addTitle'), {
        visible,
        onHide,
      })}
      onSubmit={submit}
      busy={save.isPending}
      size="xl"
      formClassName="flow-campaign-form"
    >
      <TextField
        id="flow-campaign-name"
        label={t('flowCampaigns.dialog.name')}
        error={errors.name}
        value={values.name}
        onChange={(v) => set('name', v)}
        maxLength={60}
        autoFocus
        testId="flow-campaign-name"
      />
      <FormField id="flow-campaign-flow" label={t('flowCampaigns.dialog.flow')} error={errors.flowId}>
        <Dropdown
          inputId="flow-campaign-flow"
          value={values.flowId}
          options={flowOptions}
          onChange={(e) => set('flowId', (e.value as number | null) ?? null)}
          placeholder={t('flowCampaigns.dialog.flowPlaceholder')}
          filter
          loading={flows.isPending}
          invalid={Boolean(errors.flowId)}
          aria-describedby={errors.flowId ? 'flow-campaign-flow-error' : undefined}
          className="w-full"
          data-testid="flow-campaign-flow"
        />
      </FormField>
      <FormField
        id="flow-campaign-connections"
        label={t('flowCampaigns.dialog.connections')}
        error={errors.whatsappIds}
        hint={everywhere ? t('flowCampaigns.dialog.noConnectionHint') : undefined}
      >
        <div className="flow-campaign-form__connections">
          <Picker
            source="connections"
            multiple
            inputId="flow-campaign-connections"
            value={values.allConnections ? [] : values.whatsappIds}
            onChange={(ids) => set('whatsappIds', ids)}
            disabled={values.allConnections}
            placeholder={
              values.allConnections ? t('flowCampaigns.dialog.allConnections') : t('flowCampaigns.dialog.connectionsPlaceholder')
            }
            className="w-full"
            testId="flow-campaign-connections"
          />
          <div className="flow-campaign-form__check">
            <Checkbox
              inputId="flow-campaign-all"
              checked={values.allConnections}
              onChange={(e) => set('allConnections', Boolean(e.checked))}
              data-testid="flow-campaign-all"
            />
            <label htmlFor="flow-campaign-all">{t('flowCampaigns.dialog.allConnections')}</label>
          </div>
        </div>
      </FormField>
      <PhrasesEditor value={values.phrases} onChange={(rows) => set('phrases', rows)} error={errors.phrases ?? errors.phrase} />
      {record ? (
        <div className="flow-campaign-form__switch">
          <InputSwitch
            inputId="flow-campaign-status"
            checked={values.status}
            onChange={(e) => set('status', Boolean(e.value))}
            data-testid="flow-campaign-status"
          />
          <label htmlFor="flow-campaign-status">{t('flowCampaigns.dialog.status')}</label>
        </div>
      ) : null}
    </FormDialog>
  );
}
