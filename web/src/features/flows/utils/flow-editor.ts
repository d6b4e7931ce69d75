/**
 * The flow editor's graph building, pure (components only render): the saved graph to React Flow's nodes and
 * edges and back, new nodes by kind, duplicate (+240 to the right), delete with links, connections' rules, and
 * the node dialogs' checks with the spec's texts (document 3 section 5).
 */
import {
  DUPLICATE_OFFSET,
  FLOW_INTERVAL_MAX,
  menuHandle,
  orderedElements,
  problemsOf,
  type ContentElement,
  type FlowConnection,
  type FlowGraph,
  type FlowNode,
  type FlowNodeData,
  type FlowNodeType,
  type FlowProblem,
  type MenuOption,
} from '@switchboard/shared/flows/graph';

/** React Flow's shapes, as far as the editor uses them (kept here so this file needs no React). */
export interface EditorNode {
  id: string;
  type: FlowNodeType;
  position: { x: number; y: number };
  data: FlowNode['data'];
  style?: Record<string, string | number>;
  selected?: boolean;
}
export interface EditorEdge {
  id: string;
  source: string;
  target: string;
  sourceHandle?: string | null;
  targetHandle?: string | null;
  selected?: boolean;
  className?: string;
  animated?: boolean;
}

export const edgeId = (c: Pick<FlowConnection, 'source' | 'target' | 'sourceHandle'>): string =>
  `e-${c.source}-${c.sourceHandle ?? 'a'}-${c.target}`;

export const toEditor = (g: FlowGraph): { nodes: EditorNode[]; edges: EditorEdge[] } => ({
  nodes: g.nodes.map((n) => ({
    id: n.id,
    type: n.type,
    position: n.position,
    data: n.data,
    ...(n.style ? { style: n.style } : {}),
  })),
  edges: g.connections.map((c) => ({
    id: c.id ?? edgeId(c),
    source: c.source,
    target: c.target,
    sourceHandle: c.sourceHandle ?? null,
    targetHandle: c.targetHandle ?? null,
  })),
});

/** The graph to save: only what the fork keeps (no selection or measurements). */
export const fromEditor = (nodes: readonly EditorNode[], edges: readonly EditorEdge[]): FlowGraph => ({
  nodes: nodes.map(
    (n) =>
      ({
        id: n.id,
        type: n.type,
        position: { x: Math.round(n.position.x), y: Math.round(n.position.y) },
        data: n.data,
        ...(n.style ? { style: n.style } : {}),
      }) as FlowNode,
  ),
  connections: edges.map((e) => ({
    id: e.id,
    source: e.source,
    target: e.target,
    sourceHandle: e.sourceHandle ?? null,
    ...(e.targetHandle ? { targetHandle: e.targetHandle } : {}),
  })),
});

/** The kinds the speed dial offers (spec: Inicio, Contenido, Menú, Aleatorizador, Intervalo, Ticket, plus the edit-dialog kinds). */
export const addableKinds = [
  'start',
  'singleBlock',
  'menu',
  'randomizer',
  'interval',
  'ticket',
  'message',
  'condition',
  'question',
  'img',
  'audio',
  'video',
] as const satisfies readonly FlowNodeType[];
export type AddableKind = (typeof addableKinds)[number];

export const defaultData = (kind: FlowNodeType): FlowNode['data'] => {
  switch (kind) {
    case 'start':
      return { label: 'Inicio' };
    case 'message':
      return { label: '' };
    case 'condition':
      return { key: '', condition: 1, value: '' };
    case 'menu':
      return { message: '', arrayOption: [] };
    case 'interval':
      return { sec: 5 };
    case 'img':
    case 'video':
      return { url: '' };
    case 'audio':
      return { url: '', record: false };
    case 'randomizer':
      return { percent: 50 };
    case 'singleBlock':
      return { seq: [], elements: [] };
    case 'ticket':
      return { queueId: null, name: '' };
    case 'question':
      return { message: '', variable: '' };
  }
};

/** A node id not yet used: one more than the highest numeric id (the fork's ids are numbers as strings). */
export const nextNodeId = (nodes: readonly Pick<EditorNode, 'id'>[]): string => {
  const numbers = nodes.map((n) => Number(n.id)).filter((n) => Number.isInteger(n));
  let candidate = (numbers.length ? Math.max(...numbers) : 0) + 1;
  const taken = new Set(nodes.map((n) => n.id));
  while (taken.has(String(candidate))) candidate += 1;
  return String(candidate);
};

const NODE_WIDTH = 220;
const NODE_HEIGHT = 120;
/** Where a new node goes: at `preferred`, or further right until it covers no other node. */
export const freeSpot = (
  nodes: readonly Pick<EditorNode, 'position'>[],
  preferred: { x: number; y: number },
): { x: number; y: number } => {
  const spot = { ...preferred };
  const covers = () =>
    nodes.some((n) => Math.abs(n.position.x - spot.x) < NODE_WIDTH + 20 && Math.abs(n.position.y - spot.y) < NODE_HEIGHT);
  for (let i = 0; i < 200 && covers(); i++) spot.x += NODE_WIDTH + 40;
  return spot;
};

/** A new node of a kind with its data, placed at `position`. */
export const addNode = (
  nodes: readonly EditorNode[],
  type: FlowNodeType,
  data: FlowNode['data'],
  position: { x: number; y: number },
): EditorNode[] => [
  ...nodes.map((n) => ({ ...n, selected: false })),
  { id: nextNodeId(nodes), type, position, data, selected: true },
];

/** A copy of a node 240 units to the right, without its links. */
export const duplicateNode = (nodes: readonly EditorNode[], nodeId: string): EditorNode[] => {
  const source = nodes.find((n) => n.id === nodeId);
  if (!source) return [...nodes];
  const copy: EditorNode = {
    ...source,
    id: nextNodeId(nodes),
    position: { x: source.position.x + DUPLICATE_OFFSET, y: source.position.y },
    data: structuredClone(source.data),
    selected: false,
  };
  return [...nodes, copy];
};

/** Removes nodes and every link into or out of them. */
export const deleteNodes = (
  nodes: readonly EditorNode[],
  edges: readonly EditorEdge[],
  ids: readonly string[],
): { nodes: EditorNode[]; edges: EditorEdge[] } => {
  const gone = new Set(ids);
  return { nodes: nodes.filter((n) => !gone.has(n.id)), edges: edges.filter((e) => !gone.has(e.source) && !gone.has(e.target)) };
};

/**
 * Adds a link. A handle leads to one place: a new link from a handle replaces the old one; a node never links to
 * itself and nothing links into the start node.
 */
export const connect = (
  nodes: readonly EditorNode[],
  edges: readonly EditorEdge[],
  c: { source: string; target: string; sourceHandle?: string | null; targetHandle?: string | null },
): EditorEdge[] => {
  if (c.source === c.target) return [...edges];
  if (nodes.find((n) => n.id === c.target)?.type === 'start') return [...edges];
  const handle = c.sourceHandle ?? null;
  const kept = edges.filter((e) => !(e.source === c.source && (e.sourceHandle ?? null) === handle));
  return [
    ...kept,
    {
      id: edgeId({ ...c, sourceHandle: handle }),
      source: c.source,
      target: c.target,
      sourceHandle: handle,
      targetHandle: c.targetHandle ?? null,
    },
  ];
};

/** The output handles a node shows: one per menu option, a and b for the randomizer, true and false for a condition. */
export const outputHandles = (n: Pick<EditorNode, 'type' | 'data'>): { id: string; label: string }[] => {
  switch (n.type) {
    case 'menu':
      return (n.data as FlowNodeData<'menu'>).arrayOption.map((o) => ({ id: menuHandle(o.number), label: String(o.number) }));
    case 'randomizer': {
      const percent = (n.data as FlowNodeData<'randomizer'>).percent;
      return [
        { id: 'a', label: `${percent}%` },
        { id: 'b', label: `${100 - percent}%` },
      ];
    }
    case 'condition':
      return [
        { id: 'true', label: 'true' },
        { id: 'false', label: 'false' },
      ];
    case 'ticket':
      return [];
    default:
      return [{ id: 'a', label: '' }];
  }
};

/** Menu options numbered 1..n in their order (after one is removed or moved). */
export const renumberOptions = (options: readonly Pick<MenuOption, 'value'>[]): MenuOption[] =>
  options.map((o, i) => ({ number: i + 1, value: o.value }));

/**
 * After a menu's options change, its links follow: an option removed loses its link, the others keep theirs under
 * their new numbers (`previous` maps each option's new position to its number before, or undefined when new).
 */
export const relinkMenu = (
  edges: readonly EditorEdge[],
  nodeId: string,
  previous: readonly (number | undefined)[],
): EditorEdge[] => {
  const moved = new Map<string, string>();
  previous.forEach((before, i) => {
    if (before !== undefined) moved.set(menuHandle(before), menuHandle(i + 1));
  });
  return edges.flatMap((e) => {
    if (e.source !== nodeId || !e.sourceHandle?.startsWith('a')) return [e];
    const handle = moved.get(e.sourceHandle);
    return handle
      ? [{ ...e, sourceHandle: handle, id: edgeId({ source: e.source, target: e.target, sourceHandle: handle }) }]
      : [];
  });
};

/** Spec section 5: the randomizer slider runs 0 to 100 in steps of 10. */
export const snapPercent = (value: number): number => Math.min(100, Math.max(0, Math.round(value / 10) * 10));

/** Interval dialog checks (spec section 5), answered as i18n keys of the flows section. */
export const intervalProblem = (
  value: number | null | undefined,
): 'flows.rules.intervalRequired' | 'flows.rules.intervalMax' | undefined => {
  if (value === null || value === undefined || !Number.isFinite(value) || value <= 0) return 'flows.rules.intervalRequired';
  if (value > FLOW_INTERVAL_MAX) return 'flows.rules.intervalMax';
  return undefined;
};

/** Content dialog checks: empty texts, empty media cards, intervals out of range. */
export const contentProblem = (
  elements: readonly ContentElement[],
):
  | 'flows.rules.emptyMessages'
  | 'flows.rules.emptyCards'
  | 'flows.rules.intervalMax'
  | 'flows.rules.intervalRequired'
  | undefined => {
  if (elements.some((e) => e.type === 'message' && !e.value.trim())) return 'flows.rules.emptyMessages';
  if (elements.some((e) => (e.type === 'img' || e.type === 'audio' || e.type === 'video') && !e.value))
    return 'flows.rules.emptyCards';
  const interval = elements.find((e) => e.type === 'interval' && intervalProblem(Number(e.value)));
  return interval ? intervalProblem(Number(interval.value)) : undefined;
};

/** A content block's elements in order, as the dialog edits them. */
export const contentElementsOf = (data: FlowNodeData<'singleBlock'>): ContentElement[] => orderedElements(data);

/** Content data from the dialog's ordered elements; element ids follow the fork's `<type><index>` naming. */
export const contentDataOf = (elements: readonly Omit<ContentElement, 'number'>[]): FlowNodeData<'singleBlock'> => {
  const numbered = elements.map((e, i) => ({ ...e, number: `${e.type}${i}` }));
  return { seq: numbered.map((e) => e.number), elements: numbered };
};

/** Moves an item of a list one place up (-1) or down (+1). */
export const move = <T>(list: readonly T[], index: number, by: -1 | 1): T[] => {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const out = [...list];
  [out[index], out[to]] = [out[to]!, out[index]!];
  return out;
};

/** A one-line summary of a node for the canvas card. */
export const summaryOf = (n: Pick<EditorNode, 'type' | 'data'>): string => {
  switch (n.type) {
    case 'message':
      return (n.data as FlowNodeData<'message'>).label;
    case 'menu':
      return (n.data as FlowNodeData<'menu'>).message;
    case 'question':
      return (n.data as FlowNodeData<'question'>).message;
    case 'interval':
      return `${(n.data as FlowNodeData<'interval'>).sec}s`;
    case 'ticket':
      return (n.data as FlowNodeData<'ticket'>).name;
    case 'condition': {
      const d = n.data as FlowNodeData<'condition'>;
      return d.key ? `${d.key} ${['==', '>=', '<=', '<', '>'][d.condition - 1]} ${d.value}` : '';
    }
    default:
      return '';
  }
};

/** Why the drawing cannot be simulated: the problems list the editor shows before saving, or no step at all. */
export const simulationBlockers = (g: FlowGraph): FlowProblem[] => (g.nodes.length === 0 ? [{ code: 'noStart' }] : problemsOf(g));

/** The nodes a problems list points at (a problem of the whole flow points at none). */
export const problemNodes = (problems: readonly FlowProblem[]): ReadonlySet<string> =>
  new Set(problems.flatMap((p) => (p.nodeId ? [p.nodeId] : [])));

/** The nodes a problems list pointed at that still have a problem in the drawing as it is now: a fixed node drops its mark. */
export const stillFlagged = (flagged: ReadonlySet<string>, g: FlowGraph): ReadonlySet<string> => {
  if (flagged.size === 0) return flagged;
  const now = problemNodes(problemsOf(g));
  return new Set([...flagged].filter((id) => now.has(id)));
};

/** What a simulation lit up on the canvas: the node the conversation is at, the nodes gone through, the links followed. */
export interface FlowTrail {
  current: string | null;
  visited: readonly string[];
  links: readonly string[];
}

/** How a node shows on the simulated path. */
export const trailMarkOf = (trail: FlowTrail | null, nodeId: string): 'current' | 'visited' | undefined => {
  if (!trail) return undefined;
  if (trail.current === nodeId) return 'current';
  return trail.visited.includes(nodeId) ? 'visited' : undefined;
};

/** The edges to draw: those a simulation followed marked (a class, animated); the others as they are. */
export const markTrail = (edges: readonly EditorEdge[], trail: FlowTrail | null): EditorEdge[] => {
  if (!trail || trail.links.length === 0) return [...edges];
  const taken = new Set(trail.links);
  return edges.map((e) => (taken.has(e.id) ? { ...e, className: 'flow-edge--taken', animated: true } : e));
};

/**
 * Whether a node's box (flow units) is not wholly in a canvas of `size` pixels under `viewport` (React Flow's pan
 * and zoom), `margin` pixels kept clear at the edges: the simulator then brings the node it is at into view.
 */
export const outOfView = (
  box: { x: number; y: number; width: number; height: number },
  viewport: { x: number; y: number; zoom: number },
  size: { width: number; height: number },
  margin = 16,
): boolean => {
  const left = box.x * viewport.zoom + viewport.x;
  const top = box.y * viewport.zoom + viewport.y;
  return (
    left < margin ||
    top < margin ||
    left + box.width * viewport.zoom > size.width - margin ||
    top + box.height * viewport.zoom > size.height - margin
  );
};
