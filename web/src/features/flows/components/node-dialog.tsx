import type { ContentElement, FlowNodeData, FlowNodeType, MenuOption } from '@switchboard/shared/flows/graph';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { Slider } from 'primereact/slider';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormField } from '../../../components/form-field.tsx';
import {
  contentDataOf,
  contentElementsOf,
  contentProblem,
  defaultData,
  intervalProblem,
  renumberOptions,
  snapPercent,
} from '../utils/flow-editor.ts';
import { ContentEditor } from './content-editor.tsx';
import { ConditionFields, MediaField, MessageField, QueueField } from './node-fields.tsx';

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
