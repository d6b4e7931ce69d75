import type { FlowNodeData } from '@switchboard/shared/flows/graph';
import { variableToken } from '@switchboard/shared/message-variables';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { VariablesHelper } from '../../../components/variables-helper.tsx';
import { useQueueList } from '../../../lib/lookups.ts';
import { useToast } from '../../../lib/toast.tsx';
import { uploadFlowMedia, type FlowMediaKind } from '../api/upload-flow-media.ts';
import { compressImage } from '../utils/compress-image.ts';
import { acceptOf, mediaProblemOf, mediaRuleOf } from '../utils/flow-media.ts';
import { TextAreaField } from '../../../components/textarea-field.tsx';

/** The customer's variables a flow's texts may use (shared/src/flows/run.ts), besides its questions' own. */
const flowVariables = ['firstName', 'name', 'number', 'email'] as const;

/** The text a node sends, with the customer's variables at hand. */
export function MessageField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextAreaField
      id="node-message"
      label={t('flows.node.message')}
      rows={4}
      hint={t('flows.node.variablesHint', { example: variableToken('idade') })}
      value={value}
      onChange={(value) => onChange(value)}
      maxLength={4096}
      autoFocus
      testId="flow-node-message"
      after={<VariablesHelper targetId="node-message" value={value} onChange={onChange} variables={flowVariables} />}
    />
  );
}

/** A condition node's test: a variable, an operator and the value it is compared with. */
export function ConditionFields({
  data,
  onChange,
}: {
  data: FlowNodeData<'condition'>;
  onChange: (c: Partial<FlowNodeData<'condition'>>) => void;
}) {
  const { t } = useTranslation();
  const operators = ([1, 2, 3, 4, 5] as const).map((value) => ({ value, label: t(`flows.operators.${value}`) }));
  return (
    <div className="flow-node-dialog__condition">
      <FormField id="node-key" label={t('flows.node.key')}>
        <InputText id="node-key" value={data.key} onChange={(e) => onChange({ key: e.target.value.trim() })} maxLength={100} />
      </FormField>
      <FormField id="node-operator" label={t('flows.node.operator')}>
        <Dropdown
          inputId="node-operator"
          value={data.condition}
          options={operators}
          onChange={(e) => onChange({ condition: e.value as 1 | 2 | 3 | 4 | 5 })}
        />
      </FormField>
      <FormField id="node-value" label={t('flows.node.value')}>
        <InputText id="node-value" value={data.value} onChange={(e) => onChange({ value: e.target.value })} maxLength={500} />
      </FormField>
    </div>
  );
}

/** The queue a ticket node hands the conversation to. */
export function QueueField({
  data,
  onChange,
}: {
  data: FlowNodeData<'ticket'>;
  onChange: (c: Partial<FlowNodeData<'ticket'>>) => void;
}) {
  const { t } = useTranslation();
  const queues = useQueueList();
  const options = (queues.data ?? []).map((q) => ({ value: q.id, label: q.name }));
  return (
    <FormField id="node-queue" label={t('flows.node.queue')}>
      <Dropdown
        inputId="node-queue"
        value={data.queueId}
        options={options}
        onChange={(e) => onChange({ queueId: e.value as number, name: options.find((o) => o.value === e.value)?.label ?? '' })}
        placeholder={t('flows.rules.queueRequired')}
        data-testid="flow-node-queue"
      />
    </FormField>
  );
}

/** Picks, checks (type, size), compresses (images) and uploads one file; shows what is chosen. */
export function MediaField({
  kind,
  inContent,
  value,
  url,
  onUploaded,
}: {
  kind: FlowMediaKind;
  inContent: boolean;
  value: string;
  url?: string;
  onUploaded: (name: string, url: string) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const rule = mediaRuleOf(kind, inContent);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const found = mediaProblemOf(rule, file);
    if (found) {
      setProblem(
        found.key === 'flows.rules.fileType' ? t(found.key, { accept: found.accept }) : t(found.key, { max: found.max }),
      );
      return;
    }
    setProblem(undefined);
    setBusy(true);
    try {
      const ready = kind === 'img' ? await compressImage(file) : file;
      const target = await uploadFlowMedia({ kind, file: ready, inContent });
      onUploaded(target.name, target.url);
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flow-media-field">
      {value && url && kind === 'img' ? <img src={url} alt="" className="flow-media-field__preview" /> : null}
      {value && url && kind === 'audio' ? <audio src={url} controls className="flow-media-field__preview" /> : null}
      {value && url && kind === 'video' ? <video src={url} controls className="flow-media-field__preview" /> : null}
      {value ? <span className="flow-media-field__name">{value.replace(/^[0-9A-Z]{26}-/, '')}</span> : null}
      <label className="p-button p-button-outlined p-button-sm flow-media-field__pick">
        <i className="pi pi-upload" aria-hidden="true" />
        <span>{busy ? t('flows.node.uploading') : t('flows.node.chooseFile')}</span>
        <input
          type="file"
          accept={acceptOf(rule)}
          hidden
          disabled={busy}
          onChange={(e) => void choose(e.target.files?.[0])}
          data-testid={`flow-file-${kind}`}
        />
      </label>
      {problem ? (
        <small className="p-error" role="alert">
          {problem}
        </small>
      ) : null}
    </div>
  );
}
