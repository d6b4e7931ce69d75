import type { FlowNodeType } from '@switchboard/shared/flows/graph';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { outputHandles, summaryOf, trailMarkOf, type EditorNode, type FlowTrail } from '../utils/flow-editor.ts';

export interface NodeActions {
  edit: (id: string) => void;
  duplicate: (id: string) => void;
  remove: (id: string) => void;
  /** nodes the problems list points at */
  flagged: ReadonlySet<string>;
  /** the path a running simulation lit up */
  trail: FlowTrail | null;
}
export const NodeActionsContext = createContext<NodeActions>({
  edit: () => {},
  duplicate: () => {},
  remove: () => {},
  flagged: new Set(),
  trail: null,
});

const icons: Record<FlowNodeType, string> = {
  start: 'pi pi-play',
  message: 'pi pi-comment',
  condition: 'pi pi-question-circle',
  menu: 'pi pi-list',
  interval: 'pi pi-clock',
  img: 'pi pi-image',
  audio: 'pi pi-volume-up',
  video: 'pi pi-video',
  randomizer: 'pi pi-sliders-h',
  singleBlock: 'pi pi-th-large',
  ticket: 'pi pi-inbox',
  question: 'pi pi-pencil',
};
export const nodeIcon = (kind: FlowNodeType): string => icons[kind];

/** One step on the canvas: its kind, a summary, a way in (not the start) and its ways out. */
export function FlowNodeCard({ id, type, data, selected }: NodeProps) {
  const { t } = useTranslation();
  const actions = useContext(NodeActionsContext);
  const kind = type as FlowNodeType;
  const node = { type: kind, data: data as EditorNode['data'] };
  const handles = outputHandles(node);
  const summary = summaryOf(node);
  const flagged = actions.flagged.has(id);
  const mark = trailMarkOf(actions.trail, id);
  return (
    <div
      className={`flow-node flow-node--${kind}${selected ? ' flow-node--selected' : ''}${flagged ? ' flow-node--flagged' : ''}${mark ? ` flow-node--sim-${mark}` : ''}`}
      data-testid={`flow-node-${id}`}
      data-kind={kind}
      data-simulation={mark}
    >
      {kind !== 'start' ? <Handle type="target" position={Position.Left} className="flow-node__in" /> : null}
      <div className="flow-node__head">
        <i className={icons[kind]} aria-hidden="true" />
        <span className="flow-node__kind">{t(`flows.kinds.${kind}`)}</span>
        <span className="flow-node__tools nodrag">
          {kind !== 'start' ? (
            <button
              type="button"
              className="flow-node__tool"
              aria-label={t('flows.editor.edit')}
              title={t('flows.editor.edit')}
              onClick={() => actions.edit(id)}
              data-testid={`flow-node-edit-${id}`}
            >
              <i className="pi pi-pencil" aria-hidden="true" />
            </button>
          ) : null}
          <button
            type="button"
            className="flow-node__tool"
            aria-label={t('flows.editor.duplicate')}
            title={t('flows.editor.duplicate')}
            onClick={() => actions.duplicate(id)}
            data-testid={`flow-node-duplicate-${id}`}
          >
            <i className="pi pi-copy" aria-hidden="true" />
          </button>
          <button
            type="button"
            className="flow-node__tool"
            aria-label={t('flows.editor.delete')}
            title={t('flows.editor.delete')}
            onClick={() => actions.remove(id)}
            data-testid={`flow-node-delete-${id}`}
          >
            <i className="pi pi-trash" aria-hidden="true" />
          </button>
        </span>
      </div>
      {summary ? <p className="flow-node__summary">{summary}</p> : null}
      {kind === 'singleBlock' ? <ContentSummary data={data as EditorNode['data']} /> : null}
      <div className="flow-node__outs">
        {handles.map((h) => (
          <div key={h.id} className="flow-node__out">
            {h.label ? (
              <span className="flow-node__out-label">
                {kind === 'menu' ? `[${h.label}] ${menuOptionText(data, h.id)}` : h.label}
              </span>
            ) : null}
            <Handle
              type="source"
              id={h.id}
              position={Position.Right}
              className={`flow-node__handle flow-node__handle--${h.id}`}
              data-testid={`flow-handle-${id}-${h.id}`}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

const menuOptionText = (data: unknown, handle: string): string => {
  const options = (data as { arrayOption?: { number: number; value: string }[] }).arrayOption ?? [];
  return options.find((o) => `a${o.number}` === handle)?.value ?? '';
};

function ContentSummary({ data }: { data: EditorNode['data'] }) {
  const { t } = useTranslation();
  const elements = (data as { elements?: { type: string; value: string }[] }).elements ?? [];
  return (
    <ul className="flow-node__elements">
      {elements.map((e, i) => (
        <li key={i}>
          <i className={icons[(e.type === 'interval' ? 'interval' : e.type) as FlowNodeType]} aria-hidden="true" />{' '}
          {e.type === 'message' ? e.value.slice(0, 40) : e.type === 'interval' ? `${e.value}s` : t(`flows.kinds.${e.type}`)}
        </li>
      ))}
    </ul>
  );
}
