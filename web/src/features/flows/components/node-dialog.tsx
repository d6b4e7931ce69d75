import type { ContentElement, FlowNodeData, FlowNodeType, MenuOption } from '@switchboard/shared/flows/graph';
import { variableToken } from '@switchboard/shared/message-variables';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Slider } from 'primereact/slider';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { VariablesHelper } from '../../../components/variables-helper.tsx';
import { useQueueList } from '../../../lib/lookups.ts';
import { useToast } from '../../../lib/toast.tsx';
import { uploadFlowMedia, type FlowMediaKind } from '../api/upload-flow-media.ts';
import { compressImage } from '../utils/compress-image.ts';
import {
  contentDataOf,
  contentElementsOf,
  contentProblem,
  defaultData,
  intervalProblem,
  move,
  renumberOptions,
  snapPercent,
} from '../utils/flow-editor.ts';
import { acceptOf, mediaProblemOf, mediaRuleOf } from '../utils/flow-media.ts';

type AnyData = FlowNodeData<FlowNodeType>;

export interface NodeDialogState {
  kind: FlowNodeType;
  /** the node edited; absent when creating */
  nodeId?: string;
  data: AnyData;
}

export interface NodeDialogResult {
  data: AnyData;
  /** a menu's options: each new position's number before the edit (undefined for a new option) */
  previousOptions?: (number | undefined)[];
}

/** The edit dialog of a node, by kind (spec document 3 "Flow editor"), in create or edit mode. */
export function NodeDialog({
  state,
  media,
  onMedia,
  onSave,
  onHide,
}: {
  state: NodeDialogState | null;
  media: Record<string, string>;
  onMedia: (name: string, url: string) => void;
  onSave: (result: NodeDialogResult) => void;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const kind = state?.kind ?? 'message';
  const [data, setData] = useState<AnyData>(defaultData('message'));
  const [options, setOptions] = useState<{ value: string; previous?: number }[]>([]);
  const [elements, setElements] = useState<Omit<ContentElement, 'number'>[]>([]);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (!state) return;
    setData(state.data);
    setError(undefined);
    if (state.kind === 'menu')
      setOptions((state.data as FlowNodeData<'menu'>).arrayOption.map((o) => ({ value: o.value, previous: o.number })));
    if (state.kind === 'singleBlock')
      setElements(contentElementsOf(state.data as FlowNodeData<'singleBlock'>).map(({ number: _n, ...e }) => e));
  }, [state]);

  const patch = <T extends FlowNodeType>(change: Partial<FlowNodeData<T>>) => setData((d) => ({ ...d, ...change }) as AnyData);
  const kindLabel = t(`flows.kinds.${kind}`);

  const submit = () => {
    const problem = problemOf(kind, data, options, elements);
    setError(problem ? t(problem) : undefined);
    if (problem) return;
    if (kind === 'menu') {
      const arrayOption: MenuOption[] = renumberOptions(options.map((o) => ({ value: o.value.trim() })));
      onSave({ data: { ...(data as FlowNodeData<'menu'>), arrayOption }, previousOptions: options.map((o) => o.previous) });
    } else if (kind === 'singleBlock') onSave({ data: contentDataOf(elements) });
    else onSave({ data });
  };

  return (
    <FormDialog
      header={state?.nodeId ? t('flows.node.editTitle', { kind: kindLabel }) : t('flows.node.createTitle', { kind: kindLabel })}
      visible={Boolean(state)}
      onHide={onHide}
      formId="flow-node-form"
      onSubmit={submit}
      saveTestId="flow-node-save"
      testId="flow-node-dialog"
      size={kind === 'singleBlock' ? 'lg' : 'sm'}
    >
      {error ? (
        <p className="flow-node-dialog__error" role="alert" data-testid="flow-node-error">
          {error}
        </p>
      ) : null}
      {kind === 'start' ? (
        <FormField id="node-label" label={t('flows.node.message')}>
          <InputText
            id="node-label"
            value={(data as FlowNodeData<'start'>).label ?? ''}
            onChange={(e) => patch<'start'>({ label: e.target.value })}
          />
        </FormField>
      ) : null}
      {kind === 'message' ? (
        <MessageField value={(data as FlowNodeData<'message'>).label} onChange={(label) => patch<'message'>({ label })} />
      ) : null}
      {kind === 'question' ? (
        <>
          <MessageField
            value={(data as FlowNodeData<'question'>).message}
            onChange={(message) => patch<'question'>({ message })}
          />
          <FormField id="node-variable" label={t('flows.node.variable')}>
            <InputText
              id="node-variable"
              value={(data as FlowNodeData<'question'>).variable}
              onChange={(e) => patch<'question'>({ variable: e.target.value.trim() })}
              maxLength={50}
            />
          </FormField>
        </>
      ) : null}
      {kind === 'menu' ? (
        <>
          <MessageField value={(data as FlowNodeData<'menu'>).message} onChange={(message) => patch<'menu'>({ message })} />
          <fieldset className="flow-node-dialog__options">
            <legend>{t('flows.node.options')}</legend>
            {options.map((o, i) => (
              <div key={i} className="flow-node-dialog__option">
                <span className="flow-node-dialog__number">[{i + 1}]</span>
                <InputText
                  aria-label={t('flows.node.option', { number: i + 1 })}
                  value={o.value}
                  onChange={(e) => setOptions((list) => list.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))}
                  maxLength={200}
                  data-testid={`flow-option-${i + 1}`}
                />
                <Button
                  type="button"
                  icon="pi pi-times"
                  text
                  rounded
                  severity="danger"
                  aria-label={t('flows.node.removeOption', { number: i + 1 })}
                  onClick={() => setOptions((list) => list.filter((_, j) => j !== i))}
                />
              </div>
            ))}
            <Button
              type="button"
              icon="pi pi-plus"
              label={t('flows.node.addOption')}
              text
              onClick={() => setOptions((list) => [...list, { value: '' }])}
              data-testid="flow-option-add"
            />
          </fieldset>
        </>
      ) : null}
      {kind === 'interval' ? (
        <FormField id="node-seconds" label={t('flows.node.seconds')}>
          <InputNumber
            inputId="node-seconds"
            value={(data as FlowNodeData<'interval'>).sec}
            onValueChange={(e) => patch<'interval'>({ sec: e.value ?? 0 })}
            min={0}
            max={999}
            useGrouping={false}
          />
        </FormField>
      ) : null}
      {kind === 'randomizer' ? (
        <FormField id="node-percent" label={t('flows.node.percent', { percent: (data as FlowNodeData<'randomizer'>).percent })}>
          <Slider
            id="node-percent"
            value={(data as FlowNodeData<'randomizer'>).percent}
            step={10}
            min={0}
            max={100}
            onChange={(e) => patch<'randomizer'>({ percent: snapPercent(Number(e.value)) })}
          />
        </FormField>
      ) : null}
      {kind === 'condition' ? (
        <ConditionFields data={data as FlowNodeData<'condition'>} onChange={(c) => patch<'condition'>(c)} />
      ) : null}
      {kind === 'ticket' ? <QueueField data={data as FlowNodeData<'ticket'>} onChange={(c) => patch<'ticket'>(c)} /> : null}
      {kind === 'img' || kind === 'audio' || kind === 'video' ? (
        <MediaField
          kind={kind}
          inContent={false}
          value={(data as FlowNodeData<'img'>).url}
          url={media[(data as FlowNodeData<'img'>).url]}
          onUploaded={(name, url) => {
            onMedia(name, url);
            patch<'img'>({ url: name });
          }}
        />
      ) : null}
      {kind === 'audio' ? (
        <div className="flow-node-dialog__check">
          <Checkbox
            inputId="node-record"
            checked={(data as FlowNodeData<'audio'>).record}
            onChange={(e) => patch<'audio'>({ record: Boolean(e.checked) })}
          />
          <label htmlFor="node-record">{t('flows.node.record')}</label>
        </div>
      ) : null}
      {kind === 'singleBlock' ? (
        <ContentEditor elements={elements} onChange={setElements} media={media} onMedia={onMedia} />
      ) : null}
    </FormDialog>
  );
}

const problemOf = (
  kind: FlowNodeType,
  data: AnyData,
  options: { value: string }[],
  elements: Omit<ContentElement, 'number'>[],
): string | undefined => {
  switch (kind) {
    case 'message':
      return (data as FlowNodeData<'message'>).label.trim() ? undefined : 'flows.rules.messageRequired';
    case 'question': {
      const d = data as FlowNodeData<'question'>;
      if (!d.message.trim()) return 'flows.rules.messageRequired';
      return /^\w+$/.test(d.variable) ? undefined : 'flows.rules.variableRequired';
    }
    case 'menu':
      if (!(data as FlowNodeData<'menu'>).message.trim()) return 'flows.rules.messageRequired';
      if (options.length === 0) return 'flows.rules.optionsRequired';
      return options.some((o) => !o.value.trim()) ? 'flows.rules.emptyMessages' : undefined;
    case 'interval':
      return intervalProblem((data as FlowNodeData<'interval'>).sec);
    case 'condition':
      return (data as FlowNodeData<'condition'>).key.trim() ? undefined : 'flows.rules.keyRequired';
    case 'ticket':
      return (data as FlowNodeData<'ticket'>).queueId ? undefined : 'flows.rules.queueRequired';
    case 'img':
    case 'audio':
    case 'video':
      return (data as FlowNodeData<'img'>).url ? undefined : 'flows.rules.fileRequired';
    case 'singleBlock':
      return contentProblem(elements.map((e, i) => ({ ...e, number: String(i) })));
    default:
      return undefined;
  }
};

/** The customer's variables a flow's texts may use (shared/src/flows/run.ts), besides its questions' own. */
const flowVariables = ['firstName', 'name', 'number', 'email'] as const;

function MessageField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <FormField
      id="node-message"
      label={t('flows.node.message')}
      hint={t('flows.node.variablesHint', { example: variableToken('idade') })}
    >
      <InputTextarea
        {...fieldA11y('node-message', undefined)}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={4}
        autoResize
        maxLength={4096}
        autoFocus
        data-testid="flow-node-message"
      />
      <VariablesHelper targetId="node-message" value={value} onChange={onChange} variables={flowVariables} />
    </FormField>
  );
}

function ConditionFields({
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

function QueueField({
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
function MediaField({
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

/** A content block: ordered texts, intervals and files, sent in this order. */
function ContentEditor({
  elements,
  onChange,
  media,
  onMedia,
}: {
  elements: Omit<ContentElement, 'number'>[];
  onChange: (e: Omit<ContentElement, 'number'>[]) => void;
  media: Record<string, string>;
  onMedia: (name: string, url: string) => void;
}) {
  const { t } = useTranslation();
  const set = (i: number, change: Partial<ContentElement>) =>
    onChange(elements.map((e, j) => (j === i ? { ...e, ...change } : e)));
  const add = (type: ContentElement['type']) =>
    onChange([...elements, { type, value: type === 'interval' ? '5' : '', ...(type === 'audio' ? { record: false } : {}) }]);
  return (
    <div className="flow-content">
      {elements.length === 0 ? <p className="flow-content__empty">{t('flows.node.emptyContent')}</p> : null}
      <ol className="flow-content__list">
        {elements.map((e, i) => (
          <li key={i} className="flow-content__item" data-testid={`flow-content-${i}`}>
            <div className="flow-content__head">
              <strong>
                {t(`flows.kinds.${e.type === 'interval' ? 'interval' : e.type === 'message' ? 'message' : e.type}`)}
              </strong>
              <span className="flow-content__tools">
                <Button
                  type="button"
                  icon="pi pi-arrow-up"
                  text
                  rounded
                  aria-label={t('flows.node.moveUp')}
                  disabled={i === 0}
                  onClick={() => onChange(move(elements, i, -1))}
                />
                <Button
                  type="button"
                  icon="pi pi-arrow-down"
                  text
                  rounded
                  aria-label={t('flows.node.moveDown')}
                  disabled={i === elements.length - 1}
                  onClick={() => onChange(move(elements, i, 1))}
                />
                <Button
                  type="button"
                  icon="pi pi-trash"
                  text
                  rounded
                  severity="danger"
                  aria-label={t('flows.node.remove')}
                  onClick={() => onChange(elements.filter((_, j) => j !== i))}
                />
              </span>
            </div>
            {e.type === 'message' ? (
              <InputTextarea
                aria-label={t('flows.node.message')}
                value={e.value}
                onChange={(ev) => set(i, { value: ev.target.value })}
                rows={3}
                autoResize
                maxLength={4096}
              />
            ) : null}
            {e.type === 'interval' ? (
              <InputNumber
                aria-label={t('flows.node.seconds')}
                value={Number(e.value) || null}
                onValueChange={(ev) => set(i, { value: String(ev.value ?? '') })}
                min={0}
                max={999}
                useGrouping={false}
              />
            ) : null}
            {e.type === 'img' || e.type === 'audio' || e.type === 'video' ? (
              <MediaField
                kind={e.type}
                inContent
                value={e.value}
                url={media[e.value]}
                onUploaded={(name, url) => {
                  onMedia(name, url);
                  set(i, { value: name });
                }}
              />
            ) : null}
            {e.type === 'audio' ? (
              <div className="flow-node-dialog__check">
                <Checkbox
                  inputId={`content-record-${i}`}
                  checked={e.record ?? false}
                  onChange={(ev) => set(i, { record: Boolean(ev.checked) })}
                />
                <label htmlFor={`content-record-${i}`}>{t('flows.node.record')}</label>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="flow-content__add">
        <Button
          type="button"
          icon="pi pi-comment"
          label={t('flows.node.addText')}
          outlined
          size="small"
          onClick={() => add('message')}
          data-testid="flow-content-add-message"
        />
        <Button
          type="button"
          icon="pi pi-clock"
          label={t('flows.node.addInterval')}
          outlined
          size="small"
          onClick={() => add('interval')}
        />
        <Button
          type="button"
          icon="pi pi-image"
          label={t('flows.node.addImage')}
          outlined
          size="small"
          onClick={() => add('img')}
        />
        <Button
          type="button"
          icon="pi pi-volume-up"
          label={t('flows.node.addAudio')}
          outlined
          size="small"
          onClick={() => add('audio')}
        />
        <Button
          type="button"
          icon="pi pi-video"
          label={t('flows.node.addVideo')}
          outlined
          size="small"
          onClick={() => add('video')}
        />
      </div>
    </div>
  );
}
