import { problemsOf, type FlowNodeType, type FlowProblem } from '@switchboard/shared/flows/graph';
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  applyEdgeChanges,
  applyNodeChanges,
  useReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type Node,
  type NodeChange,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { SpeedDial } from 'primereact/speeddial';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useToast, useToastsBelow } from '../../../lib/toast.tsx';
import { useTheme } from '../../../lib/theme.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useFlowGraph } from '../api/get-flow-graph.ts';
import { useSaveFlowGraph } from '../api/save-flow-graph.ts';
import {
  addableKinds,
  addNode,
  connect,
  defaultData,
  deleteNodes,
  duplicateNode,
  freeSpot,
  fromEditor,
  markTrail,
  outOfView,
  problemNodes,
  relinkMenu,
  simulationBlockers,
  stillFlagged,
  toEditor,
  type EditorEdge,
  type EditorNode,
  type FlowTrail,
} from '../utils/flow-editor.ts';
import { FlowNodeCard, nodeIcon, NodeActionsContext, type NodeActions } from './flow-node.tsx';
import { FlowsGate } from './flows-gate.tsx';
import { NodeDialog, type NodeDialogResult, type NodeDialogState } from './node-dialog.tsx';
import './flow-editor.css';

/** Spec document 3 section 9: the flow is loaded about 500 ms after the page opens. */
const LOAD_DELAY_MS = 500;
const nodeTypes = Object.fromEntries(addableKinds.map((k) => [k, FlowNodeCard]));
/** The simulator is downloaded when first opened: most visits to the editor never use it. */
const FlowSimulatorPanel = lazy(() => import('./flow-simulator-panel.tsx').then((m) => ({ default: m.FlowSimulatorPanel })));

/** /flowbuilder/{id} (spec document 3 "Flow editor"): the flow drawn on a canvas, saved whole. */
export function FlowEditorPage() {
  return (
    <FlowsGate>
      <ReactFlowProvider>
        <FlowEditor />
      </ReactFlowProvider>
    </FlowsGate>
  );
}

function FlowEditor() {
  const { t } = useTranslation();
  const { theme } = useTheme();
  const toast = useToast();
  const id = Number(useParams().id);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const loaded = useFlowGraph(id, { enabled: ready && Number.isInteger(id) });
  const save = useSaveFlowGraph();
  const flow = useReactFlow();
  const [nodes, setNodes] = useState<EditorNode[]>([]);
  const [edges, setEdges] = useState<EditorEdge[]>([]);
  const [media, setMedia] = useState<Record<string, string>>({});
  const [dialog, setDialog] = useState<NodeDialogState | null>(null);
  const [problems, setProblems] = useState<FlowProblem[] | null>(null);
  /** what the problems list stands in the way of: saving (which may go ahead anyway) or simulating (which may not) */
  const [problemsFor, setProblemsFor] = useState<'save' | 'simulate'>('save');
  const [simulating, setSimulating] = useState(false);
  const [trail, setTrail] = useState<FlowTrail | null>(null);
  const [flagged, setFlagged] = useState<ReadonlySet<string>>(new Set());
  useDocumentTitle(loaded.data ? `${t('flows.editor.title')} · ${loaded.data.flow.name}` : t('flows.editor.title'));

  useEffect(() => {
    if (!loaded.data) return;
    const drawn = toEditor(loaded.data.flow.flow);
    setNodes(drawn.nodes);
    setEdges(drawn.edges);
    setMedia(loaded.data.media);
  }, [loaded.data]);

  const drawn = useMemo(() => fromEditor(nodes, edges), [nodes, edges]);
  // the marks follow the drawing: a node whose problem was fixed loses its border before the next save
  const marked = useMemo(() => stillFlagged(flagged, drawn), [flagged, drawn]);
  const bar = useRef<HTMLElement>(null);
  useToastsBelow(bar, Boolean(loaded.data) && ready);

  const onNodesChange = useCallback(
    (changes: NodeChange[]) => setNodes((ns) => applyNodeChanges(changes, ns as Node[]) as EditorNode[]),
    [],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => setEdges((es) => applyEdgeChanges(changes, es as Edge[]) as EditorEdge[]),
    [],
  );
  const onConnect = useCallback((c: Connection) => setEdges((es) => connect(nodes, es, c)), [nodes]);

  const actions: NodeActions = useMemo(
    () => ({
      edit: (nodeId) => {
        const node = nodes.find((n) => n.id === nodeId);
        if (node) setDialog({ kind: node.type, nodeId, data: node.data });
      },
      duplicate: (nodeId) => setNodes((ns) => duplicateNode(ns, nodeId)),
      remove: (nodeId) => {
        const out = deleteNodes(nodes, edges, [nodeId]);
        setNodes(out.nodes);
        setEdges(out.edges);
      },
      flagged: marked,
      trail,
    }),
    [nodes, edges, marked, trail],
  );
  const shownEdges = useMemo(() => markTrail(edges, trail), [edges, trail]);
  // the panel takes part of the canvas: the drawing is fitted to what is left of it, opened or closed
  const refit = useCallback(() => requestAnimationFrame(() => void flow.fitView({ maxZoom: 1, duration: 300 })), [flow]);
  // the step a simulation is at stays in view
  const canvas = useRef<HTMLDivElement>(null);
  const current = trail?.current ?? null;
  useEffect(() => {
    const node = current ? flow.getNode(current) : undefined;
    const el = canvas.current;
    if (!node || !el) return;
    const box = {
      x: node.position.x,
      y: node.position.y,
      width: node.measured?.width ?? 220,
      height: node.measured?.height ?? 100,
    };
    const viewport = flow.getViewport();
    if (outOfView(box, viewport, { width: el.clientWidth, height: el.clientHeight })) {
      void flow.setCenter(box.x + box.width / 2, box.y + box.height / 2, { zoom: viewport.zoom, duration: 300 });
    }
  }, [current, flow]);

  const create = (kind: FlowNodeType) => {
    if (kind === 'start') {
      setNodes((ns) => addNode(ns, 'start', defaultData('start'), centre()));
      return;
    }
    setDialog({ kind, data: defaultData(kind) });
  };
  // new steps land in the middle of the view, moved right past the steps already there
  const centre = () => {
    const c = flow.screenToFlowPosition({ x: window.innerWidth / 2, y: window.innerHeight / 2 });
    return freeSpot(nodes, { x: Math.round(c.x - 110), y: Math.round(c.y - 60) });
  };

  const onDialogSave = ({ data, previousOptions }: NodeDialogResult) => {
    if (!dialog) return;
    if (dialog.nodeId) {
      const nodeId = dialog.nodeId;
      setNodes((ns) => ns.map((n) => (n.id === nodeId ? { ...n, data } : n)));
      if (previousOptions) setEdges((es) => relinkMenu(es, nodeId, previousOptions));
    } else {
      setNodes((ns) => addNode(ns, dialog.kind, data, centre()));
    }
    setDialog(null);
  };

  const persist = () => {
    save.mutate(
      { id, graph: drawn },
      { onSuccess: () => toast.success(t('flows.toasts.saved')), onError: (error) => toast.error(error) },
    );
  };
  const onSave = () => {
    const found = problemsOf(drawn);
    setFlagged(problemNodes(found));
    if (found.length) {
      setProblemsFor('save');
      setProblems(found);
      return;
    }
    persist();
  };
  const blockSimulation = useCallback((found: FlowProblem[]) => {
    setSimulating(false);
    setFlagged(problemNodes(found));
    setProblemsFor('simulate');
    setProblems(found);
  }, []);
  // the drawing as it is, saved or not; the problems list answers when it cannot run. Pressed again, it closes.
  const onSimulate = () => {
    if (simulating) {
      setSimulating(false);
      refit();
      return;
    }
    const found = simulationBlockers(drawn);
    if (found.length) {
      blockSimulation(found);
      return;
    }
    setFlagged(new Set());
    setSimulating(true);
  };
  const showNode = (nodeId: string) => {
    setProblems(null);
    setNodes((ns) => ns.map((n) => ({ ...n, selected: n.id === nodeId })));
    const node = nodes.find((n) => n.id === nodeId);
    if (node) void flow.setCenter(node.position.x + 100, node.position.y + 40, { zoom: 1.2, duration: 300 });
  };

  if (!ready || loaded.isPending) return <PageLoader />;
  if (loaded.isError || !loaded.data) {
    return (
      <div className="flow-editor__failed" role="alert">
        <p>{t('flows.editor.loadFailed')}</p>
        <Link to="/flowbuilders">{t('flows.editor.back')}</Link>
      </div>
    );
  }

  const speedDial = addableKinds.map((kind) => ({
    label: t(`flows.kinds.${kind}`),
    icon: nodeIcon(kind),
    command: () => create(kind),
    template: undefined,
  }));

  return (
    <div className="flow-editor" data-testid="flow-editor">
      <header className="flow-editor__bar" ref={bar}>
        <Link
          to="/flowbuilders"
          className="p-button p-button-text p-button-rounded p-button-icon-only"
          aria-label={t('flows.editor.back')}
          title={t('flows.editor.back')}
        >
          <i className="pi pi-arrow-left" aria-hidden="true" />
        </Link>
        <div className="flow-editor__titles">
          <h1>{t('flows.editor.title')}</h1>
          <span className="flow-editor__name">{loaded.data.flow.name}</span>
        </div>
        <span className="flow-editor__notice">
          <i className="pi pi-info-circle" aria-hidden="true" /> {t('flows.editor.notice')}
        </span>
        <Button
          type="button"
          icon="pi pi-play"
          label={t('flows.editor.simulate')}
          outlined={!simulating}
          onClick={onSimulate}
          aria-pressed={simulating}
          data-testid="flow-editor-simulate"
        />
        <Button
          type="button"
          icon="pi pi-save"
          label={t('flows.editor.save')}
          onClick={onSave}
          loading={save.isPending}
          data-testid="flow-editor-save"
        />
      </header>
      <div className="flow-editor__body">
        <div className="flow-editor__canvas" aria-label={t('flows.editor.canvas')} ref={canvas}>
          <NodeActionsContext.Provider value={actions}>
            <ReactFlow
              nodes={nodes as Node[]}
              edges={shownEdges as Edge[]}
              nodeTypes={nodeTypes}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onConnect={onConnect}
              onNodeDoubleClick={(_, node) => node.type !== 'start' && actions.edit(node.id)}
              deleteKeyCode={['Backspace', 'Delete']}
              fitView
              fitViewOptions={{ maxZoom: 1 }}
              minZoom={0.2}
              proOptions={{ hideAttribution: true }}
              // the canvas, its controls and the minimap follow the app's theme
              colorMode={theme}
            >
              <Background gap={20} />
              <Controls showInteractive={false} />
              {/* top right: the add button holds the bottom right corner */}
              <MiniMap position="top-right" pannable zoomable className="flow-editor__minimap" />
            </ReactFlow>
          </NodeActionsContext.Provider>
          <SpeedDial
            model={speedDial}
            direction="up"
            className="flow-editor__dial"
            buttonClassName="p-button-rounded"
            showIcon="pi pi-plus"
            hideIcon="pi pi-times"
            aria-label={t('flows.editor.addNode')}
            data-testid="flow-editor-add"
          />
        </div>
        {simulating ? (
          <Suspense fallback={<div className="flow-simulator" aria-busy="true" />}>
            <FlowSimulatorPanel
              graph={drawn}
              media={media}
              onTrail={setTrail}
              onBlocked={blockSimulation}
              onShown={refit}
              onClose={() => {
                setSimulating(false);
                refit();
              }}
            />
          </Suspense>
        ) : null}
      </div>
      <NodeDialog
        state={dialog}
        media={media}
        onMedia={(name, url) => setMedia((m) => ({ ...m, [name]: url }))}
        onSave={onDialogSave}
        onHide={() => setDialog(null)}
      />
      <Dialog
        header={problemsFor === 'simulate' ? t('flows.simulator.blockedTitle') : t('flows.editor.problemsTitle')}
        visible={problems !== null}
        onHide={() => setProblems(null)}
        className="flow-problems"
        data-testid="flow-problems"
        footer={
          <div className="flow-problems__actions">
            <Button
              type="button"
              label={t('flows.editor.review')}
              text={problemsFor === 'save'}
              onClick={() => setProblems(null)}
              data-testid="flow-problems-review"
            />
            {problemsFor === 'save' ? (
              <Button
                type="button"
                label={t('flows.editor.saveAnyway')}
                onClick={() => {
                  setProblems(null);
                  persist();
                }}
                data-testid="flow-problems-save"
              />
            ) : null}
          </div>
        }
      >
        <p>{problemsFor === 'simulate' ? t('flows.simulator.blockedIntro') : t('flows.editor.problemsIntro')}</p>
        <ul className="flow-problems__list">
          {(problems ?? []).map((p, i) => {
            const node = p.nodeId ? nodes.find((n) => n.id === p.nodeId) : undefined;
            const text = t(`flows.problems.${p.code}`, { option: p.option });
            return (
              <li key={i}>
                {node ? (
                  <button type="button" className="flow-problems__item" onClick={() => showNode(node.id)}>
                    <i className={nodeIcon(node.type)} aria-hidden="true" /> <strong>{t(`flows.kinds.${node.type}`)}</strong> #
                    {node.id}: {text}
                  </button>
                ) : (
                  text
                )}
              </li>
            );
          })}
        </ul>
      </Dialog>
    </div>
  );
}
